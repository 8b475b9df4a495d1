// PUT /api/contracts/{id}/steps: answers one wizard step; the server checks it
// with the same rules and messages, saves, and moves the draft on.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { storeContract } from './mutations'
import type { ContractAnswers, ContractStep } from './types'

export function useSaveStep(id: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (body: { step: ContractStep; answers: ContractAnswers }) =>
      (await unwrap(api.PUT('/api/contracts/{id}/steps', { params: { path: { id } }, body }))).contract,
    onSuccess: (c) => storeContract(qc, c),
  })
}
