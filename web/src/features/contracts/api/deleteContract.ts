// DELETE /api/contracts/{id}: removes a draft.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { contractsKey } from './types'

export function useDeleteContract() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/contracts/{id}', { params: { path: { id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: contractsKey }),
  })
}
