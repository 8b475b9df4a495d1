// DELETE /api/inventory/reports/{id}: removes a draft.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { inventoryKey } from './keys'

const call = async (id: string) => {
  await unwrap(api.DELETE('/api/inventory/reports/{id}', { params: { path: { id } } }))
}

export function useDeleteReport(options?: MutationOptions<void, string>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: call,
    ...options,
    onSuccess: (data, ...rest) => {
      void qc.invalidateQueries({ queryKey: [...inventoryKey, 'list'] })
      return options?.onSuccess?.(data, ...rest)
    },
  })
}
