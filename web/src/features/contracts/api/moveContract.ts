// POST /api/contracts/{id}/back and /skip: the wizard's back arrow, and a
// duplicate's Skip form.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { storeContract } from './mutations'

export function useStepBack(id: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async () => (await unwrap(api.POST('/api/contracts/{id}/back', { params: { path: { id } } }))).contract,
    onSuccess: (c) => storeContract(qc, c),
  })
}

export function useSkipForm(id: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async () => (await unwrap(api.POST('/api/contracts/{id}/skip', { params: { path: { id } } }))).contract,
    onSuccess: (c) => storeContract(qc, c),
  })
}
