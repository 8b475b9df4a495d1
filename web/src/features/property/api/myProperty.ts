// useMyProperty.
import { useQuery } from '@tanstack/react-query'
import { propertyKey, fetchProperty } from './keys'

export function useMyProperty(id: string) {
  return useQuery({
    queryKey: propertyKey(id),
    queryFn: () => fetchProperty(id),
    enabled: id !== '',
    retry: false,
  })
}
