// GET /api/contracts?view=...: the signed-in user's agreements in one list.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { contractListKey, type ListView } from './types'

export function useContracts(view: ListView, enabled = true) {
  return useQuery({
    queryKey: contractListKey(view),
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/contracts', { params: { query: { view } }, signal }))).contracts,
    enabled,
  })
}
