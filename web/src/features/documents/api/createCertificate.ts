// POST /api/certificates/with-file: records a certificate (or one that
// replaces the current one) with its first file in one request, together
// or not at all (issue 24); it is the only way to record one (issue 43
// retired the JSON-only POST /api/certificates that recorded one without
// its file). Further files are uploaded after it (uploadCertificateFile.ts).
import { UPLOAD_NETWORK_ERROR, uploadWithProgress } from '../../../lib/upload'
import type { Certificate, CertificateInput } from './keys'

/** createCertificateWithFile saves the certificate and its first file in one request: a refused file leaves no certificate. */
export function createCertificateWithFile(body: CertificateInput, file: File, onProgress?: (p: number) => void): Promise<Certificate> {
  return uploadWithProgress<Certificate>('/api/certificates/with-file', file, {
    fields: { certificate: JSON.stringify(body) },
    onProgress,
    tooLarge: { code: 'file_too_large', message: 'Each file can be at most 10 MB.' },
    networkError: UPLOAD_NETWORK_ERROR,
  })
}

/** FILE_ERRORS are the codes of a refused file (the certificate's details were not the problem). */
export const FILE_ERRORS = ['bad_file_type', 'file_too_large', 'no_file', 'busy', 'network']
