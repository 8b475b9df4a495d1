// POST /api/certificates: records a certificate (or one that replaces the
// current one); its files are uploaded after it (uploadCertificateFile.ts).
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { Certificate, CertificateInput } from './keys'

export function useCreateCertificate(options?: MutationOptions<Certificate, CertificateInput>) {
  return useMutation({
    mutationFn: async (body: CertificateInput) => unwrap(api.POST('/api/certificates', { body })),
    ...options,
  })
}
