// POST /api/inventory/reports/{id}/dispute-photos: the one photo a dispute
// entry may carry (multipart "file", JPEG, PNG or GIF by content, 5 MB), checked
// here first with the spec's messages, sent with its progress.
import { useRef, useState } from 'react'
import { errorMessage } from '../../../lib/errors'
import { imageProblem } from '../../../lib/imageCheck'
import type { Photo } from './keys'
import { MAX_PHOTO_BYTES, postPhoto } from './uploadPhoto'

export function uploadDisputePhoto(reportId: string, file: File, onProgress?: (p: number) => void): Promise<Photo> {
  return postPhoto(`/api/inventory/reports/${encodeURIComponent(reportId)}/dispute-photos`, file, onProgress)
}

export type DisputePhotoState = {
  photo: Photo | null
  /** progress of the running upload (0-1), null when none runs. */
  progress: number | null
  error: string
}

/** useDisputePhoto holds the photo chosen for the next entry: choose checks and uploads it, clear forgets it. */
export function useDisputePhoto(reportId: string) {
  const [state, setState] = useState<DisputePhotoState>({ photo: null, progress: null, error: '' })
  const run = useRef(0)
  function choose(file: File | undefined) {
    if (!file) return
    const problem = imageProblem(file, MAX_PHOTO_BYTES, { gif: true })
    if (problem) {
      setState((s) => ({ ...s, error: problem }))
      return
    }
    const mine = ++run.current
    setState({ photo: null, progress: 0, error: '' })
    uploadDisputePhoto(reportId, file, (p) => mine === run.current && setState((s) => ({ ...s, progress: p }))).then(
      (photo) => mine === run.current && setState({ photo, progress: null, error: '' }),
      (e: unknown) => mine === run.current && setState({ photo: null, progress: null, error: errorMessage(e) }),
    )
  }
  function clear() {
    run.current++
    setState({ photo: null, progress: null, error: '' })
  }
  return { ...state, uploading: state.progress !== null, choose, clear }
}
