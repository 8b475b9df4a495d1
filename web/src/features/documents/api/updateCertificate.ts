// PATCH /api/certificates/{id}: the issue and expiry dates, EPC rating, name and notes.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { documentsKey, type Certificate, type CertificatePatch } from './keys'

type Vars = { id: string; patch: CertificatePatch }

export function useUpdateCertificate(options?: MutationOptions<Certificate, Vars>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, patch }: Vars) =>
      unwrap(api.PATCH('/api/certificates/{id}', { params: { path: { id } }, body: patch })),
    ...options,
    onSuccess: (data, ...rest) => {
      void qc.invalidateQueries({ queryKey: documentsKey })
      return options?.onSuccess?.(data, ...rest)
    },
  })
}
