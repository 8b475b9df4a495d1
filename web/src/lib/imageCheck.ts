// The quick look at an image before it is uploaded (property photos, blog
// images): the declared type (or, when the browser gives none, the
// extension) and the size, against the server's limit from the catalogue.
// The server has the last word (it decides the type by content); the
// messages are the spec's.
export const IMAGE_WRONG_TYPE = 'Only PNG and JPEG images are allowed.'
export const IMAGE_TOO_LARGE = 'Image size should not be more than 5MB.'
/** For dispute photos, which may also be GIFs (spec 3 section 5). */
export const IMAGE_WRONG_TYPE_GIF = 'Only JPEG, PNG and GIF images are allowed.'
export const IMAGE_ACCEPT_GIF = 'image/png,image/jpeg,image/gif,.png,.jpg,.jpeg,.gif'

/** What file inputs offer; the extensions help pickers that ignore MIME types. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg'

const TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg'])
const EXTENSIONS = /\.(png|jpe?g)$/i

/**
 * imageProblem is the spec's message for a file that cannot be uploaded, or
 * '' when it may go to the server. maxBytes is the catalogue's limit;
 * while the catalogue loads (undefined) the size is left to the server.
 */
export function imageProblem(file: Pick<File, 'name' | 'type' | 'size'>, maxBytes: number | undefined, opts: { gif?: boolean } = {}): string {
  const declared = file.type.toLowerCase()
  const gif = opts.gif && (declared === 'image/gif' || (!declared && /\.gif$/i.test(file.name)))
  if (!gif && (declared ? !TYPES.has(declared) : !EXTENSIONS.test(file.name))) return opts.gif ? IMAGE_WRONG_TYPE_GIF : IMAGE_WRONG_TYPE
  if (maxBytes !== undefined && file.size > maxBytes) return IMAGE_TOO_LARGE
  return ''
}
