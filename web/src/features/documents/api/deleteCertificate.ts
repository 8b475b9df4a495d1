// DELETE /api/certificates/{id}: the certificate and its files (the one it
// replaced becomes current again).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { documentsKey } from './keys'

export function useDeleteCertificate(options?: MutationOptions<void, string>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      await unwrap(api.DELETE('/api/certificates/{id}', { params: { path: { id } } }))
    },
    ...options,
    onSuccess: (data, ...rest) => {
      void qc.invalidateQueries({ queryKey: documentsKey })
      return options?.onSuccess?.(data, ...rest)
    },
  })
}
