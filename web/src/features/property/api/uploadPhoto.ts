// POST /api/properties/{id}/images: one photo, as multipart field "file",
// sent with XMLHttpRequest for its progress (lib/upload). A failure on the
// network gives ApiError's general message.
import { IMAGE_TOO_LARGE } from '../../../lib/imageCheck'
import { uploadWithProgress } from '../../../lib/upload'
import type { Image } from '../photos'

type UploadOptions = { onProgress?: (fraction: number) => void; signal?: AbortSignal }

/** uploadPhoto sends one file as multipart field "file" and gives the stored Image. */
export function uploadPhoto(propertyId: string, file: File, { onProgress, signal }: UploadOptions = {}): Promise<Image> {
  return uploadWithProgress<Image>(`/api/properties/${encodeURIComponent(propertyId)}/images`, file, {
    onProgress,
    signal,
    pick: (body) => (body as { image?: Image } | undefined)?.image,
    tooLarge: { code: 'image_too_large', message: IMAGE_TOO_LARGE },
  })
}
