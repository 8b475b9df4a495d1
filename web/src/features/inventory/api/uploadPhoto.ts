// POST /api/inventory/reports/{id}/photos?origin=camera|upload: one photo as
// multipart field "file", sent with XMLHttpRequest for its progress (lib/upload). The
// hook queues files through lib/useUploadQueue (checked first, a few at a
// time, in the background) and remembers each file's destination and every
// failed file, so a failed upload is retried without choosing it again.
import { useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { errorMessage } from '../../../lib/errors'
import { IMAGE_TOO_LARGE, imageProblem } from '../../../lib/imageCheck'
import { UPLOAD_NETWORK_ERROR, uploadWithProgress } from '../../../lib/upload'
import { useUploadQueue, type QueuedUpload } from '../../../lib/useUploadQueue'
import { evidenceKey, photosKey, type Photo, type PhotoOrigin } from './keys'

/** The spec's limit: 5,120,000 bytes. */
export const MAX_PHOTO_BYTES = 5_120_000

export function uploadInventoryPhoto(reportId: string, file: File, origin: PhotoOrigin, onProgress?: (p: number) => void): Promise<Photo> {
  return postPhoto(`/api/inventory/reports/${encodeURIComponent(reportId)}/photos?origin=${origin}`, file, onProgress)
}

/** postPhoto sends one image as multipart field "file" to url and resolves with the stored photo (the dispute photos use it too). */
export function postPhoto(url: string, file: File, onProgress?: (p: number) => void): Promise<Photo> {
  return uploadWithProgress<Photo>(url, file, {
    onProgress,
    pick: (body) => (body as { photo?: Photo } | undefined)?.photo,
    tooLarge: { code: 'image_too_large', message: IMAGE_TOO_LARGE },
    networkError: UPLOAD_NETWORK_ERROR,
  })
}

export type Uploaded<T> = { photo: Photo; target: T }
export type FailedUpload<T> = { key: number; file: File; reason: string; target: T; origin: PhotoOrigin }
export type RunningUpload<T> = QueuedUpload & { target: T }

type Meta<T> = { target: T; origin: PhotoOrigin }

/** useInventoryUploads is the report's one upload queue; onUploaded gets each photo with where it goes. */
export function useInventoryUploads<T>(reportId: string, onUploaded: (u: Uploaded<T>) => void) {
  const qc = useQueryClient()
  const meta = useRef(new Map<File, Meta<T>>())
  const [failed, setFailed] = useState<Array<FailedUpload<T>>>([])
  const [refused, setRefused] = useState<Array<{ name: string; reason: string }>>([])
  const nextKey = useRef(1)
  const latest = useRef(onUploaded)
  latest.current = onUploaded

  const queue = useUploadQueue<Uploaded<T>>({
    upload: async (file, onProgress) => {
      const m = meta.current.get(file)!
      try {
        const photo = await uploadInventoryPhoto(reportId, file, m.origin, onProgress)
        return { photo, target: m.target }
      } catch (e) {
        const key = nextKey.current++
        setFailed((fs) => [...fs, { key, file, reason: errorMessage(e), target: m.target, origin: m.origin }])
        throw e
      }
    },
    onUploaded: (u) => {
      qc.setQueryData<Photo[]>(photosKey(reportId), (old) => (old?.some((p) => p.name === u.photo.name) ? old : [...(old ?? []), u.photo]))
      void qc.invalidateQueries({ queryKey: evidenceKey(reportId) })
      latest.current(u)
    },
    check: (file) => imageProblem(file, MAX_PHOTO_BYTES) || null,
  })

  function add(files: File[], target: T, origin: PhotoOrigin) {
    const problems = files.map((f) => ({ name: f.name, reason: imageProblem(f, MAX_PHOTO_BYTES) })).filter((p) => p.reason)
    setRefused(problems)
    for (const f of files) meta.current.set(f, { target, origin })
    queue.add(files)
  }

  function retry(key: number) {
    const f = failed.find((x) => x.key === key)
    if (!f) return
    setFailed((fs) => fs.filter((x) => x.key !== key))
    meta.current.set(f.file, { target: f.target, origin: f.origin })
    queue.add([f.file])
  }

  const running: Array<RunningUpload<T>> = queue.uploads.map((u) => ({ ...u, target: meta.current.get(u.file)!.target }))
  return {
    add,
    retry,
    dismiss: (key: number) => setFailed((fs) => fs.filter((x) => x.key !== key)),
    running,
    failed,
    refused,
    clearRefused: () => setRefused([]),
    busy: queue.busy,
  }
}
