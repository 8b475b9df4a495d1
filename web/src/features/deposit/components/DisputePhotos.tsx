// A tenant's photos of their dispute (issue 45): taken with the phone's
// camera or chosen from the gallery, previewed with a button to remove
// each, and sent once the dispute is; the photos already sent are shown
// with their own remove button. A file that is not a JPEG or PNG by its
// type, over 10 MB, or one too many is refused here with the server's
// words; the server has the last word (it judges the file by its content).
import { useEffect, useId, useMemo, useState } from 'react'
import { Camera, ImagePlus, X } from 'lucide-react'
import type { AnswerPhoto } from '../api/deposit'

export const PHOTO_MAX = 6
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024
export const MSG_PHOTO_TYPE = 'Please choose a photo: a JPEG or PNG of at most 10 MB. Photos taken with the phone’s camera are JPEG.'
export const MSG_PHOTO_LARGE = 'This photo is larger than 10 MB. Please take it again at a smaller size, or choose another.'
export const MSG_PHOTO_COUNT = 'You can add at most 6 photos to your answer. Remove one to add another.'

/** photoProblem is why a chosen file cannot be sent, or ''. */
export function photoProblem(file: Pick<File, 'name' | 'type' | 'size'>): string {
  const type = file.type.toLowerCase()
  const photo = type ? ['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png'].includes(type) : /\.(jpe?g|png)$/i.test(file.name)
  if (!photo) return MSG_PHOTO_TYPE
  if (file.size > PHOTO_MAX_BYTES) return MSG_PHOTO_LARGE
  return ''
}

/** PhotoThumbs are photos already sent, each a link to its full size, with the day it was taken. */
export function PhotoThumbs({ photos, who, onRemove, removing }: {
  photos: AnswerPhoto[]; who: string; onRemove?: (id: string) => void; removing?: boolean
}) {
  if (!photos.length) return null
  return (
    <ul className="dd-thumbs" aria-label={`Photos from ${who}`}>
      {photos.map((p, i) => (
        <li key={p.id} className="dd-thumb">
          <a href={p.url} target="_blank" rel="noreferrer"><img src={p.thumbUrl} alt={`Photo ${i + 1} from ${who}`} loading="lazy" /></a>
          <span className="dd-thumb__date">{p.dateText}</span>
          {onRemove ? (
            <button type="button" className="dd-thumb__remove" aria-label={`Remove photo ${i + 1}`} disabled={removing} onClick={() => onRemove(p.id)}>
              <X aria-hidden size={16} />
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/** Preview is a chosen file's picture, or its name when the browser cannot draw it (the server then says why). */
function Preview({ url, alt, name }: { url: string; alt: string; name: string }) {
  const [broken, setBroken] = useState(false)
  if (!url || broken) return <span className="dd-thumb__name" role="img" aria-label={alt}>{name}</span>
  return <img src={url} alt={alt} onError={() => setBroken(true)} />
}

type Props = {
  /** sent: the tenant's photos already sent (removed at once); picked: the ones to send with the dispute. */
  sent: AnswerPhoto[]
  onRemoveSent: (id: string) => void
  removing: boolean
  picked: File[]
  onPick: (next: File[]) => void
  /** problems: the files refused, with why, shown beside the field. */
  problems: string[]
  onProblems: (p: string[]) => void
  disabled?: boolean
}

export function DisputePhotoField({ sent, onRemoveSent, removing, picked, onPick, problems, onProblems, disabled }: Props) {
  const id = useId()
  const urls = useMemo(() => picked.map((f) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : '')), [picked])
  useEffect(() => () => urls.forEach((u) => u && URL.revokeObjectURL?.(u)), [urls])

  function add(files: FileList | null) {
    if (!files) return
    const next = [...picked]
    const bad: string[] = []
    for (const f of Array.from(files)) {
      const problem = photoProblem(f)
      if (problem) bad.push(`${f.name}: ${problem}`)
      else if (sent.length + next.length >= PHOTO_MAX) bad.push(`${f.name}: ${MSG_PHOTO_COUNT}`)
      else next.push(f)
    }
    onPick(next)
    onProblems(bad)
  }

  return (
    <fieldset className="dd-photofield" aria-describedby={problems.length ? `${id}-problems` : `${id}-hint`} disabled={disabled}>
      <legend className="dp-label">Photos (optional)</legend>
      <p id={`${id}-hint`} className="dp-muted dp-small">
        Up to {PHOTO_MAX} photos, JPEG or PNG, at most 10 MB each. Location data is removed from every photo; the day it was taken is kept.
      </p>
      <PhotoThumbs photos={sent} who="you" onRemove={onRemoveSent} removing={removing} />
      <div className="dd-buttons">
        <label className="button button--outline dd-pick">
          <Camera aria-hidden size={18} /> Take a photo
          <input className="visually-hidden" type="file" accept="image/*" capture="environment"
            onChange={(e) => { add(e.target.files); e.target.value = '' }} />
        </label>
        <label className="button button--outline dd-pick">
          <ImagePlus aria-hidden size={18} /> Add photos
          <input className="visually-hidden" type="file" accept="image/jpeg,image/png,.jpg,.jpeg,.png" multiple
            onChange={(e) => { add(e.target.files); e.target.value = '' }} />
        </label>
      </div>
      {problems.length > 0 ? (
        <div id={`${id}-problems`} role="alert">
          <ul className="dd-problems">
            {problems.map((p) => <li key={p} className="field-error">{p}</li>)}
          </ul>
        </div>
      ) : null}
      {picked.length > 0 ? (
        <ul className="dd-thumbs" aria-label="Photos to send">
          {picked.map((f, i) => (
            <li key={`${f.name}-${i}`} className="dd-thumb">
              <Preview url={urls[i]} alt={`New photo ${i + 1}: ${f.name}`} name={f.name} />
              <button type="button" className="dd-thumb__remove" aria-label={`Remove new photo ${i + 1}`}
                onClick={() => onPick(picked.filter((_, j) => j !== i))}>
                <X aria-hidden size={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  )
}
