// GET /api/properties.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { propertiesKey } from './keys'

export function useMyProperties() {
  return useQuery({
    queryKey: propertiesKey,
    queryFn: async () => (await unwrap(api.GET('/api/properties'))).properties ?? [],
  })
}
