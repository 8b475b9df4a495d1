// A repair's evidence (issue 44): its photos and short videos (one request a
// file, so one bad file does not sink the others), the original message of a report the
// landlord logged, and the sealed history PDF's address.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { UPLOAD_NETWORK_ERROR, uploadWithProgress } from '../../../lib/upload'
import { errorMessage } from '../../../lib/errors'
import { repairKey, repairListKey, type Repair } from './repairs'
import type { components } from '../../../lib/api-schema'
import { isVideo, MSG_PHOTO_LARGE, MSG_VIDEO_LARGE } from '../components/PhotoPicker'

export type RepairPhoto = components['schemas']['RepairPhoto']
export type RepairVideo = components['schemas']['RepairVideo']
export type RepairFile = components['schemas']['RepairFile']

const TOO_LARGE = { code: 'too_large', message: MSG_PHOTO_LARGE }

/** uploadRepairPhoto adds one photo; camera says the page's camera took it. */
export function uploadRepairPhoto(id: string, file: File, camera: boolean): Promise<Repair> {
  return uploadWithProgress<Repair>(`/api/repairs/${encodeURIComponent(id)}/photos${camera ? '?origin=camera' : ''}`, file, {
    pick: (b) => (b as { repair?: Repair } | undefined)?.repair,
    tooLarge: TOO_LARGE,
    networkError: UPLOAD_NETWORK_ERROR,
  })
}

/** uploadRepairVideo adds one short video (MP4 or MOV). */
export function uploadRepairVideo(id: string, file: File): Promise<Repair> {
  return uploadWithProgress<Repair>(`/api/repairs/${encodeURIComponent(id)}/videos`, file, {
    pick: (b) => (b as { repair?: Repair } | undefined)?.repair,
    tooLarge: { code: 'too_large', message: MSG_VIDEO_LARGE },
    networkError: UPLOAD_NETWORK_ERROR,
  })
}

/** attachRepairOriginal attaches the original message of a logged report. */
export function attachRepairOriginal(id: string, file: File): Promise<Repair> {
  return uploadWithProgress<Repair>(`/api/repairs/${encodeURIComponent(id)}/original`, file, {
    pick: (b) => (b as { repair?: Repair } | undefined)?.repair,
    tooLarge: { code: 'too_large', message: 'The original message’s file is larger than 10 MB. Please attach a smaller copy.' },
    networkError: UPLOAD_NETWORK_ERROR,
  })
}

/** historyPdfUrl is where the repair's sealed history downloads from. */
export function historyPdfUrl(id: string): string {
  return `/api/repairs/${encodeURIComponent(id)}/history.pdf`
}

export type SendResult = { repair?: Repair; failed: string[] }

/**
 * sendPhotos uploads each photo or video in turn and answers the repair as
 * the last success left it, with a line for each file refused (its name and
 * why).
 */
export async function sendPhotos(id: string, photos: { file: File; camera: boolean }[]): Promise<SendResult> {
  const out: SendResult = { failed: [] }
  for (const p of photos) {
    try {
      out.repair = isVideo(p.file) ? await uploadRepairVideo(id, p.file) : await uploadRepairPhoto(id, p.file, p.camera)
    } catch (e) {
      out.failed.push(`${p.file.name}: ${errorMessage(e)}`)
    }
  }
  return out
}

/** useAddRepairPhotos adds photos and videos to a repair from its page. */
export function useAddRepairPhotos(id: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (photos: { file: File; camera: boolean }[]) => sendPhotos(id, photos),
    onSuccess: (res) => {
      if (res.repair) qc.setQueryData(repairKey(id), res.repair)
      void qc.invalidateQueries({ queryKey: repairListKey })
    },
  })
}

/** useAttachOriginal attaches the original message from the repair's page. */
export function useAttachOriginal(id: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => attachRepairOriginal(id, file),
    onSuccess: (repair) => qc.setQueryData(repairKey(id), repair),
  })
}
