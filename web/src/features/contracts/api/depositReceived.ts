// PUT /api/contracts/{id}/deposit-received: the landlord records, or
// corrects, the day they received the deposit (the 30 days to protect it
// count from it).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { contractKey, documentKey } from './types'

export function useDepositReceived(id: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (depositReceivedOn: string) =>
      (await unwrap(api.PUT('/api/contracts/{id}/deposit-received', { params: { path: { id } }, body: { depositReceivedOn } }))).contract,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: documentKey(id) })
      void qc.invalidateQueries({ queryKey: contractKey(id) })
    },
  })
}
