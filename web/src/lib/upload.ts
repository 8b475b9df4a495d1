// One file as multipart field "file", POSTed with XMLHttpRequest rather than
// the openapi-fetch client: only XHR reports upload progress. It is the same
// origin, so the session cookie and the CSRF check work as for every other
// call, and failures come back as the app's ApiError. The property photos,
// inventory and dispute photos and certificate files all go through here.
import { ApiError, notifyUnauthorized, type ApiErrorBody } from './api'

/** The message most uploads give when the request never reaches the server. */
export const UPLOAD_NETWORK_ERROR: ApiErrorBody = { code: 'network', message: 'The upload failed: check your connection and try again.' }

export type UploadOptions<T> = {
  /** Called with the fraction sent, 0 to 1; with 1 once the server has answered. */
  onProgress?: (fraction: number) => void
  /**
   * pick takes the resolved value from the parsed JSON body (undefined when
   * it is empty or not JSON). A 2xx answer where it is missing (undefined,
   * null or otherwise falsy) fails like an error.
   * Without pick the body itself is the value.
   */
  pick?: (body: unknown) => T | undefined
  /** The error when a 413 comes without a body (a proxy in front may refuse a big body before the server sees it). */
  tooLarge?: ApiErrorBody
  /** The error when the request fails on the network; undefined gives ApiError's general message. */
  networkError?: ApiErrorBody
  /** Aborting it cancels the upload, which rejects with an AbortError DOMException. */
  signal?: AbortSignal
  /** Text fields sent before the file (for a record saved with its file in one request). */
  fields?: Record<string, string>
}

/** uploadWithProgress sends one file as multipart field "file" to url and resolves with the picked body. */
export function uploadWithProgress<T>(url: string, file: File, { onProgress, pick, tooLarge, networkError, signal, fields }: UploadOptions<T> = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.responseType = 'text'
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(1, e.loaded / e.total))
    }
    xhr.onload = () => {
      const body = parse(xhr.responseText)
      if (xhr.status === 201 || xhr.status === 200) {
        const value = pick ? pick(body) : (body as T)
        if (!pick || value) {
          onProgress?.(1)
          resolve(value as T)
          return
        }
      }
      if (xhr.status === 401) notifyUnauthorized()
      let err = (body as { error?: ApiErrorBody } | undefined)?.error
      if (!err && xhr.status === 413 && tooLarge) err = tooLarge
      reject(new ApiError(xhr.status, err))
    }
    xhr.onerror = () => reject(new ApiError(0, networkError))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'))
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'))
        return
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true })
    }
    const form = new FormData()
    for (const [k, v] of Object.entries(fields ?? {})) form.append(k, v)
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
