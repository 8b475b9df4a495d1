// One picture of a blog post (the main image or the author's picture): a
// thumbnail of what is chosen, an upload button and a remove button. The file
// is checked here first (PNG or JPEG, 5 MB, the spec's texts), then sent at
// once (POST /api/admin/blog/images); the post keeps the stored image's name.
import { useId, useState, type ChangeEvent } from 'react'
import { ImagePlus, Trash2 } from 'lucide-react'
import { ButtonSpinner } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { useCatalogue } from '../../../lib/catalogue'
import { imageProblem } from '../../../lib/imageCheck'
import { useUploadImage } from '../api/uploadImage'
import { type BlogImage } from '../api/keys'


type Props = {
  /** what the picture is, e.g. "Main image"; it names the buttons too. */
  label: string
  hint: string
  value: BlogImage | null
  onChange: (image: BlogImage | null) => void
  /** the server's word on the saved post (an image it no longer has). */
  error?: string
  round?: boolean
}

export function BlogImageField({ label, hint, value, onChange, error, round = false }: Props) {
  const id = useId()
  const upload = useUploadImage()
  const [problem, setProblem] = useState('')
  const maxBytes = useCatalogue().data?.uploads.imageMaxBytes
  const shown = problem || error
  const lower = label.toLowerCase()

  function pick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = '' // the same file can be chosen again after a failure
    if (!file || upload.isPending) return
    const bad = imageProblem(file, maxBytes)
    setProblem(bad)
    if (bad) return
    upload.mutate(file, {
      onSuccess: (image) => onChange(image),
      onError: (err) => setProblem(errorMessage(err)),
    })
  }

  return (
    <div
      className={shown ? 'blog-image-field field--invalid' : 'blog-image-field'}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={[`${id}-hint`, shown ? `${id}-error` : ''].filter(Boolean).join(' ')}
    >
      <span id={`${id}-label`} className="blog-image-field__label">
        {label}
      </span>
      <div className="blog-image-field__row">
        <div className={round ? 'blog-image-field__thumb blog-image-field__thumb--round' : 'blog-image-field__thumb'}>
          {value ? (
            <img src={value.previewUrl} alt={`${label} chosen`} width={round ? 72 : 160} height={round ? 72 : 120} />
          ) : (
            <ImagePlus aria-hidden size={28} />
          )}
        </div>
        <div className="blog-image-field__actions">
          <label className={upload.isPending ? 'button button--outline blog-image-field__upload is-busy' : 'button button--outline blog-image-field__upload'}>
            <input
              type="file"
              className="visually-hidden"
              accept="image/png,image/jpeg"
              onChange={pick}
              disabled={upload.isPending}
              aria-describedby={`${id}-hint`}
            />
            {upload.isPending ? <ButtonSpinner /> : <ImagePlus aria-hidden size={18} />}
            {upload.isPending ? `Uploading ${lower}…` : value ? `Replace ${lower}` : `Upload ${lower}`}
          </label>
          {value && !upload.isPending ? (
            <button
              type="button"
              className="button button--outline blog-image-field__remove"
              onClick={() => {
                setProblem('')
                onChange(null)
              }}
            >
              <Trash2 aria-hidden size={18} />
              Remove {lower}
            </button>
          ) : null}
        </div>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      {shown ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  )
}
