// Photos of a fault from the phone (issue 44): "Take a photo" opens the
// phone's camera (capture), "Choose photos" the gallery. Each file is looked
// at before it is sent: a video or a file that is not a photo, or a photo
// over the size limit, is refused here with a plain message, and nothing
// else the person typed is touched. The server has the last word (it
// decides by the file's content and says the same things).
import { useEffect, useId, useMemo, useRef } from 'react'
import { Camera, ImagePlus, X } from 'lucide-react'

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024
export const MSG_VIDEO =
  'Videos cannot be added yet: OmniRent cannot remove the location a phone stores in a video. Please take a photo instead, and describe in a message what the video would show.'
export const MSG_PHOTO_TYPE = 'Please choose a photo (JPEG or PNG). Photos taken with the phone’s camera are JPEG.'
export const MSG_PHOTO_LARGE = 'This photo is larger than 5 MB. Please take it again at a smaller size, or choose another.'

/** A chosen photo: the file, and whether the camera took it in the page. */
export type Picked = { file: File; camera: boolean }

/** photoProblem is the message for a file that cannot be sent, or ''. */
export function photoProblem(file: Pick<File, 'name' | 'type' | 'size'>): string {
  const type = file.type.toLowerCase()
  if (type.startsWith('video/') || /\.(mp4|mov|m4v|webm|3gp|avi|mkv)$/i.test(file.name)) return MSG_VIDEO
  const photo = type ? ['image/jpeg', 'image/jpg', 'image/png', 'image/pjpeg'].includes(type) : /\.(jpe?g|png)$/i.test(file.name)
  if (!photo) return MSG_PHOTO_TYPE
  if (file.size > PHOTO_MAX_BYTES) return MSG_PHOTO_LARGE
  return ''
}

type Props = {
  picked: Picked[]
  onChange: (next: Picked[]) => void
  /** problems: the files refused, with why, shown under the buttons. */
  problems: string[]
  onProblems: (p: string[]) => void
  max?: number
  label?: string
}

export function PhotoPicker({ picked, onChange, problems, onProblems, max = 10, label = 'Photos (optional)' }: Props) {
  const id = useId()
  const cameraRef = useRef<HTMLInputElement>(null)
  const galleryRef = useRef<HTMLInputElement>(null)
  const urls = useMemo(() => picked.map((p) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(p.file) : '')), [picked])
  useEffect(() => () => urls.forEach((u) => u && URL.revokeObjectURL?.(u)), [urls])

  function add(files: FileList | null, camera: boolean) {
    if (!files) return
    const next = [...picked]
    const bad: string[] = []
    for (const f of Array.from(files)) {
      const problem = photoProblem(f)
      if (problem) bad.push(`${f.name}: ${problem}`)
      else if (next.length >= max) bad.push(`${f.name}: You can add up to ${max} photos here. Add more on the repair once it is sent.`)
      else next.push({ file: f, camera })
    }
    onChange(next)
    onProblems(bad)
  }

  return (
    <fieldset className="rp-fieldset rp-photos" aria-describedby={problems.length ? `${id}-problems` : `${id}-hint`}>
      <legend>{label}</legend>
      <p id={`${id}-hint`} className="rp-muted rp-small">
        Photos show the problem as it is. Location data is removed from every photo; the time it was taken is kept.
      </p>
      <div className="rp-photos__buttons">
        <label className="button button--outline rp-photos__button">
          <Camera aria-hidden size={18} /> Take a photo
          <input ref={cameraRef} className="visually-hidden" type="file" accept="image/*" capture="environment"
            onChange={(e) => { add(e.target.files, true); e.target.value = '' }} />
        </label>
        <label className="button button--outline rp-photos__button">
          <ImagePlus aria-hidden size={18} /> Choose photos
          <input ref={galleryRef} className="visually-hidden" type="file" accept="image/jpeg,image/png,.jpg,.jpeg,.png" multiple
            onChange={(e) => { add(e.target.files, false); e.target.value = '' }} />
        </label>
      </div>
      {problems.length > 0 ? (
        <ul id={`${id}-problems`} className="rp-photos__problems" role="alert">
          {problems.map((p) => <li key={p} className="field-error">{p}</li>)}
        </ul>
      ) : null}
      {picked.length > 0 ? (
        <ul className="rp-thumbs" aria-label="Photos to send">
          {picked.map((p, i) => (
            <li key={`${p.file.name}-${i}`} className="rp-thumb">
              {urls[i] ? <img src={urls[i]} alt={`Photo ${i + 1}: ${p.file.name}`} /> : <span>{p.file.name}</span>}
              <button type="button" className="rp-thumb__remove" aria-label={`Remove photo ${i + 1}`}
                onClick={() => onChange(picked.filter((_, j) => j !== i))}>
                <X aria-hidden size={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  )
}
