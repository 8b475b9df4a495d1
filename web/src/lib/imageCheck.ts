// The quick look at an image before it is uploaded (property photos, blog
// images): the declared type (or, when the browser gives none, the
// extension) and the size, against the server's limit from the catalogue.
// The server has the last word (it decides the type by content); the
// messages are the spec's.
export const IMAGE_WRONG_TYPE = 'Only PNG and JPEG images are allowed.'
export const IMAGE_TOO_LARGE = 'Image size should not be more than 5MB.'

/** What file inputs offer; the extensions help pickers that ignore MIME types. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg'

const TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg'])
const EXTENSIONS = /\.(png|jpe?g)$/i

/**
 * imageProblem is the spec's message for a file that cannot be uploaded, or
 * '' when it may go to the server. maxBytes is the catalogue's limit;
 * while the catalogue loads (undefined) the size is left to the server.
 */
export function imageProblem(file: Pick<File, 'name' | 'type' | 'size'>, maxBytes: number | undefined): string {
  const declared = file.type.toLowerCase()
  if (declared ? !TYPES.has(declared) : !EXTENSIONS.test(file.name)) return IMAGE_WRONG_TYPE
  if (maxBytes !== undefined && file.size > maxBytes) return IMAGE_TOO_LARGE
  return ''
}
