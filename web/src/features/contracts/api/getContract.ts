// GET /api/contracts/{id}: one agreement for its reader.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { contractKey } from './types'

export function useContract(id: string | null) {
  return useQuery({
    queryKey: contractKey(id ?? ''),
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/contracts/{id}', { params: { path: { id: id ?? '' } }, signal }))).contract,
    enabled: !!id,
  })
}
