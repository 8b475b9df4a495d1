// GET /api/contracts/catalogue: the wizard's option lists and the rules of the
// clause library in force (the law the wizard states rather than asks).
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'

export function useContractCatalogue() {
  return useQuery({
    queryKey: ['contracts', 'catalogue'],
    queryFn: () => unwrap(api.GET('/api/contracts/catalogue')),
    staleTime: 5 * 60_000,
  })
}
