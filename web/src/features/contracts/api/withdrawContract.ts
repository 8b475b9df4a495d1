// POST /api/contracts/{id}/withdraw: the landlord takes an agreement awaiting
// signatures back to a draft to change it (a start date that passed before
// the tenants signed, a mistake seen after sending). The signatures so far
// no longer count, the tenants are told by e-mail, the fee stays paid.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { storeContract } from './mutations'
import type { Contract } from './types'

const call = (id: string) => unwrap(api.POST('/api/contracts/{id}/withdraw', { params: { path: { id } } }))

export function useWithdrawContract(id: string, options?: MutationOptions<{ contract: Contract; message: string }, void>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => call(id),
    ...options,
    onSuccess: (data, ...rest) => {
      storeContract(qc, data.contract)
      return options?.onSuccess?.(data, ...rest)
    },
  })
}
