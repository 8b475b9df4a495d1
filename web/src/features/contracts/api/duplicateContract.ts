// POST /api/contracts/{id}/duplicate: a new draft with the answers and edits.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { storeContract } from './mutations'

export function useDuplicateContract() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => (await unwrap(api.POST('/api/contracts/{id}/duplicate', { params: { path: { id } } }))).contract,
    onSuccess: (c) => storeContract(qc, c),
  })
}
