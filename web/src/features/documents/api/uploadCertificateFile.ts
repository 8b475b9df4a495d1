// POST /api/certificates/{id}/files: one file (PDF, JPEG or PNG, 10 MB) as
// multipart field "file", sent with XMLHttpRequest for its progress (lib/upload).
import { UPLOAD_NETWORK_ERROR, uploadWithProgress } from '../../../lib/upload'
import type { CertificateFile } from './keys'

export function uploadCertificateFile(certificateId: string, file: File, onProgress?: (p: number) => void): Promise<CertificateFile> {
  return uploadWithProgress<CertificateFile>(`/api/certificates/${encodeURIComponent(certificateId)}/files`, file, {
    onProgress,
    tooLarge: { code: 'file_too_large', message: 'Each file can be at most 10 MB.' },
    networkError: UPLOAD_NETWORK_ERROR,
  })
}
