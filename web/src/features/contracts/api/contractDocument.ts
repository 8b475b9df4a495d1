// GET /api/contracts/{id}/document: the agreement generated on the server.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { documentKey } from './types'

export function useContractDocument(id: string | null) {
  return useQuery({
    queryKey: documentKey(id ?? ''),
    queryFn: ({ signal }) => unwrap(api.GET('/api/contracts/{id}/document', { params: { path: { id: id ?? '' } }, signal })),
    enabled: !!id,
  })
}
