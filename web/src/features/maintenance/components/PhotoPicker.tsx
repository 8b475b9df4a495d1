// Photos and short videos of a fault from the phone (issue 44): "Take a
// photo or video" opens the phone's camera (capture), "Choose photos or
// videos" the gallery. Each file is looked at before it is sent: a file that
// is neither a photo (JPEG, PNG) nor a video (MP4, MOV), a WebM, or a file
// over its size limit is refused here with a plain message, and nothing
// else the person typed is touched. The server has the last word (it
// decides by the file's content, checks a video's length and says the same
// things).
import { useEffect, useId, useMemo, useRef } from 'react'
import { Camera, ImagePlus, X } from 'lucide-react'

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024
export const MSG_VIDEO =
  'This video is in the WebM format, which OmniRent cannot clean of location data. Please record it with the phone’s camera app (MP4 or MOV), or take a photo.'
export const MSG_MEDIA_TYPE = 'Please choose a photo (JPEG or PNG) or a video recorded with the phone’s camera (MP4 or MOV).'
export const MSG_VIDEO_LARGE = 'This video is larger than 50 MB. Please record a shorter one (a minute at most).'
export const MSG_PHOTO_TYPE = 'Please choose a photo (JPEG or PNG). Photos taken with the phone’s camera are JPEG.'
export const MSG_PHOTO_LARGE = 'This photo is larger than 5 MB. Please take it again at a smaller size, or choose another.'

/** A chosen photo or video: the file, and whether the camera took it in the page. */
export type Picked = { file: File; camera: boolean }

/** The camera's and the gallery's accept lists. */
export const CAMERA_ACCEPT = 'image/*,video/mp4,video/quicktime'
export const GALLERY_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png,video/mp4,video/quicktime,.mp4,.mov,.m4v'

/** isVideo tells an MP4 or MOV by its type (or its name when the phone gives none). */
export function isVideo(file: Pick<File, 'name' | 'type'>): boolean {
  const type = file.type.toLowerCase()
  return type ? ['video/mp4', 'video/quicktime'].includes(type) : /\.(mp4|mov|m4v)$/i.test(file.name)
}

/** photoProblem is the message for a file that cannot be sent, or ''. */
export function photoProblem(file: Pick<File, 'name' | 'type' | 'size'>): string {
  const type = file.type.toLowerCase()
  if (isVideo(file)) return file.size > VIDEO_MAX_BYTES ? MSG_VIDEO_LARGE : ''
  if (type === 'video/webm' || /\.(webm|mkv)$/i.test(file.name)) return MSG_VIDEO
  if (type.startsWith('video/') || /\.(3gp|avi)$/i.test(file.name)) return MSG_MEDIA_TYPE
  const photo = type ? ['image/jpeg', 'image/jpg', 'image/png', 'image/pjpeg'].includes(type) : /\.(jpe?g|png)$/i.test(file.name)
  if (!photo) return MSG_MEDIA_TYPE
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

export function PhotoPicker({ picked, onChange, problems, onProblems, max = 10, label = 'Photos and videos (optional)' }: Props) {
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
      else if (next.length >= max) bad.push(`${f.name}: You can add up to ${max} photos or videos here. Add more on the repair once it is sent.`)
      else next.push({ file: f, camera })
    }
    onChange(next)
    onProblems(bad)
  }

  return (
    <fieldset className="rp-fieldset rp-photos" aria-describedby={problems.length ? `${id}-problems` : `${id}-hint`}>
      <legend>{label}</legend>
      <p id={`${id}-hint`} className="rp-muted rp-small">
        Photos and short videos (a minute at most) show the problem as it is. Location data is removed from every photo and
        video; the time it was taken is kept.
      </p>
      <div className="rp-photos__buttons">
        <label className="button button--outline rp-photos__button">
          <Camera aria-hidden size={18} /> Take a photo or video
          <input ref={cameraRef} className="visually-hidden" type="file" accept={CAMERA_ACCEPT} capture="environment"
            onChange={(e) => { add(e.target.files, true); e.target.value = '' }} />
        </label>
        <label className="button button--outline rp-photos__button">
          <ImagePlus aria-hidden size={18} /> Choose photos or videos
          <input ref={galleryRef} className="visually-hidden" type="file" accept={GALLERY_ACCEPT} multiple
            onChange={(e) => { add(e.target.files, false); e.target.value = '' }} />
        </label>
      </div>
      {problems.length > 0 ? (
        <ul id={`${id}-problems`} className="rp-photos__problems" role="alert">
          {problems.map((p) => <li key={p} className="field-error">{p}</li>)}
        </ul>
      ) : null}
      {picked.length > 0 ? (
        <ul className="rp-thumbs" aria-label="Photos and videos to send">
          {picked.map((p, i) => (
            <li key={`${p.file.name}-${i}`} className="rp-thumb">
              {!urls[i] ? <span>{p.file.name}</span> : isVideo(p.file) ? (
                <video src={urls[i]} muted playsInline preload="metadata" aria-label={`Video ${i + 1}: ${p.file.name}`} />
              ) : <img src={urls[i]} alt={`Photo ${i + 1}: ${p.file.name}`} />}
              <button type="button" className="rp-thumb__remove" aria-label={`Remove ${isVideo(p.file) ? 'video' : 'photo'} ${i + 1}`}
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
