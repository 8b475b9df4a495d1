// POST /api/properties/{id}/images: one photo, as multipart field "file".
// It uses XMLHttpRequest rather than the openapi-fetch client: only XHR
// reports upload progress. It is the same origin, so the session cookie and
// the CSRF check work as for every other call, and failures come back as the
// app's ApiError.
import { ApiError, notifyUnauthorized, type ApiErrorBody } from '../../../lib/api'
import { IMAGE_TOO_LARGE } from '../../../lib/imageCheck'
import type { Image } from '../photos'

type UploadOptions = { onProgress?: (fraction: number) => void; signal?: AbortSignal }

/** uploadPhoto sends one file as multipart field "file" and gives the stored Image. */
export function uploadPhoto(propertyId: string, file: File, { onProgress, signal }: UploadOptions = {}): Promise<Image> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `/api/properties/${encodeURIComponent(propertyId)}/images`)
    xhr.responseType = 'text'
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(1, e.loaded / e.total))
    }
    xhr.onload = () => {
      const body = parse(xhr.responseText)
      if (xhr.status === 201 || xhr.status === 200) {
        const image = (body as { image?: Image } | undefined)?.image
        if (image) {
          onProgress?.(1)
          resolve(image)
          return
        }
      }
      if (xhr.status === 401) notifyUnauthorized()
      let err = (body as { error?: ApiErrorBody } | undefined)?.error
      // A proxy in front may refuse a big body before the server sees it.
      if (!err && xhr.status === 413) err = { code: 'image_too_large', message: IMAGE_TOO_LARGE }
      reject(new ApiError(xhr.status, err))
    }
    xhr.onerror = () => reject(new ApiError(0, undefined))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'))
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'))
        return
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true })
    }
    const form = new FormData()
    form.append('file', file, file.name)
    // No Content-Type header: the browser adds multipart/form-data with its boundary.
    xhr.send(form)
  })
}

function parse(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
