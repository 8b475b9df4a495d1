// Property photos (spec 1 section 5): the spec's words and the checks made
// on this side for an instant message (the upload is api/uploadPhoto.ts). The
// server has the last word (it decides the type by content).
import type { components } from '../../lib/api-schema'

export type Image = components['schemas']['Image']

export const TOO_MANY_PHOTOS = 'You can only upload 10 images.'
export const UPLOAD_FAILED = 'Upload failed.'
export const UPLOAD_FAILED_DETAIL = 'An error occurred while uploading some of your images.'
export const DELETE_PHOTO_CONFIRM = "This upload will be deleted and you can't undo this action. Continue?"

/** isProcessing: the resize job has not run yet, so the URLs still give the original. */
export function isProcessing(img: Image): boolean {
  return img.thumbUrl.includes('/original/')
}
