// POST /api/contracts: starts a draft for one of the landlord's properties.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { storeContract } from './mutations'

export function useCreateContract() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (propertyId: string) => (await unwrap(api.POST('/api/contracts', { body: { propertyId } }))).contract,
    onSuccess: (c) => storeContract(qc, c),
  })
}
