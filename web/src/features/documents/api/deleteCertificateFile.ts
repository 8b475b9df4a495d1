// DELETE /api/certificates/{id}/files/{fileId}.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { documentsKey } from './keys'

type Vars = { id: string; fileId: string }

export function useDeleteCertificateFile(options?: MutationOptions<void, Vars>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, fileId }: Vars) => {
      await unwrap(api.DELETE('/api/certificates/{id}/files/{fileId}', { params: { path: { id, fileId } } }))
    },
    ...options,
    onSuccess: (data, ...rest) => {
      void qc.invalidateQueries({ queryKey: documentsKey })
      return options?.onSuccess?.(data, ...rest)
    },
  })
}
