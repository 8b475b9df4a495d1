// DELETE /api/wallet/transactions/{id}: removes the entry (every occurrence of a recurring one).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { transactionKey, walletKey } from './keys'

export function useDeleteTransaction() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      await unwrap(api.DELETE('/api/wallet/transactions/{id}', { params: { path: { id } } }))
    },
    onSuccess: (_d, id) => {
      qc.removeQueries({ queryKey: transactionKey(id) })
      void qc.invalidateQueries({ queryKey: walletKey })
    },
  })
}
