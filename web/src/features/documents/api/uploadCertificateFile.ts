// POST /api/certificates/{id}/files: one file (PDF, JPEG or PNG, 10 MB) as
// multipart field "file", sent with XMLHttpRequest for its progress.
import { ApiError, notifyUnauthorized, type ApiErrorBody } from '../../../lib/api'
import type { CertificateFile } from './keys'

export function uploadCertificateFile(certificateId: string, file: File, onProgress?: (p: number) => void): Promise<CertificateFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `/api/certificates/${encodeURIComponent(certificateId)}/files`)
    xhr.responseType = 'text'
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(1, e.loaded / e.total))
    }
    xhr.onload = () => {
      let body: unknown
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined
      } catch {
        body = undefined
      }
      if (xhr.status === 201 || xhr.status === 200) {
        onProgress?.(1)
        resolve(body as CertificateFile)
        return
      }
      if (xhr.status === 401) notifyUnauthorized()
      let err = (body as { error?: ApiErrorBody } | undefined)?.error
      if (!err && xhr.status === 413) err = { code: 'file_too_large', message: 'Each file can be at most 10 MB.' }
      reject(new ApiError(xhr.status, err))
    }
    xhr.onerror = () => reject(new ApiError(0, { code: 'network', message: 'The upload failed: check your connection and try again.' }))
    const form = new FormData()
    form.append('file', file, file.name)
    xhr.send(form)
  })
}
