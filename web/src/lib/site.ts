// Public site facts from the server's configuration (footer, contact links).
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from './api'

export function useSiteInfo() {
  return useQuery({
    queryKey: ['site'],
    queryFn: () => unwrap(api.GET('/api/site')),
    staleTime: Infinity,
  })
}
