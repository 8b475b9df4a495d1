// The photos of a property (spec 1 section 5), part of the portal details:
// each chosen file is checked here (count, size, declared type) for an
// instant message, then uploaded as its own request, three at a time, with
// its progress shown (lib/useUploadQueue). The uploaded photos are a grid of thumbnails, each with
// a delete button that asks first. The property's query cache is patched so
// My Properties and the editor stay right without reloading.
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ImagePlus, Trash2, X } from 'lucide-react'
import { ApiError } from '../../../lib/api'
import { useDeletePhoto } from '../api/deletePhoto'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { errorMessage } from '../../../lib/errors'
import { useCatalogue } from '../../../lib/catalogue'
import { IMAGE_ACCEPT, imageProblem } from '../../../lib/imageCheck'
import { useUploadQueue } from '../../../lib/useUploadQueue'
import {
  DELETE_PHOTO_CONFIRM,
  TOO_MANY_PHOTOS,
  UPLOAD_FAILED,
  UPLOAD_FAILED_DETAIL,
  isProcessing,
  type Image,
} from '../photos'
import { uploadPhoto } from '../api/uploadPhoto'
import { fetchProperty, propertiesKey, propertyKey, type Property } from '../api/keys'
import '../photos.css'

/** After uploads, the property is read again this long later for the resized URLs (a few times at most). */
const REFRESH_MS = 2500
const REFRESH_TRIES = 4

type Props = {
  property: Property
  /** Told when uploads start and when the last one ends (the form holds Save meanwhile). */
  onBusyChange?: (busy: boolean) => void
}

export function PhotoUploader({ property, onBusyChange }: Props) {
  const id = property.id
  const qc = useQueryClient()
  const hintId = useId()
  // The cache is the one copy of the photos; the property given is its start.
  const q = useQuery({
    queryKey: propertyKey(id),
    queryFn: () => fetchProperty(id),
    initialData: property,
    staleTime: 60_000,
    retry: false,
  })
  const images = q.data.images ?? []

  const [toDelete, setToDelete] = useState<Image | null>(null)
  const [deleteError, setDeleteError] = useState('')
  const [dragging, setDragging] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const refreshes = useRef(0)

  // The limits are the server's (the catalogue); 10 until it has answered,
  // as the spec's message says.
  const uploadLimits = useCatalogue().data?.uploads
  const maxPhotos = uploadLimits?.photosPerProperty ?? 10
  const count = images.length

  function patchImages(change: (imgs: Image[]) => Image[]) {
    qc.setQueryData<Property>(propertyKey(id), (old) => (old ? { ...old, images: change(old.images ?? []) } : old))
    // The list and the public views read photos too; they refetch when next shown.
    void qc.invalidateQueries({ queryKey: propertiesKey, exact: true })
    void qc.invalidateQueries({ queryKey: ['listings'] })
  }

  // The cache, not a render's copy: uploads may have finished since.
  const stored = () => qc.getQueryData<Property>(propertyKey(id))?.images?.length ?? images.length
  const { uploads, failures, add: queueFiles, clearFailures, busy } = useUploadQueue<Image>({
    upload: (file, onProgress) => uploadPhoto(id, file, { onProgress }),
    // Photos are stored in the order their uploads finish.
    onUploaded: (img) => patchImages((imgs) => (imgs.some((i) => i.name === img.name) ? imgs : [...imgs, img])),
    check: (file, ahead) => imageProblem(file, uploadLimits?.imageMaxBytes) || (stored() + ahead >= maxPhotos ? TOO_MANY_PHOTOS : null),
    // The first photo of a property goes up alone, so the cover is the first one chosen.
    lead: (ahead) => stored() === 0 && ahead === 0,
  })
  const full = count + uploads.length >= maxPhotos
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange])

  function add(files: File[]) {
    if (files.length === 0) return
    refreshes.current = 0
    queueFiles(files)
  }

  function onChoose(e: ChangeEvent<HTMLInputElement>) {
    add(Array.from(e.target.files ?? []))
    e.target.value = '' // choosing the same file again still fires change
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault()
    setDragging(false)
    add(Array.from(e.dataTransfer.files ?? []))
  }

  // Fresh uploads show the original until the resize job has run (about a
  // second); read the property again a little later for the small sizes.
  // Only the URLs of photos still shown are taken, so nothing a running
  // upload or delete did is undone.
  const processing = images.some(isProcessing)
  useEffect(() => {
    if (busy || !processing || refreshes.current >= REFRESH_TRIES) return
    const t = setTimeout(() => {
      refreshes.current += 1
      fetchProperty(id)
        .then((fresh) => {
          const byName = new Map((fresh.images ?? []).map((i) => [i.name, i]))
          qc.setQueryData<Property>(propertyKey(id), (old) =>
            old ? { ...old, images: (old.images ?? []).map((i) => byName.get(i.name) ?? i) } : old,
          )
        })
        .catch(() => {
          // The originals keep showing; nothing to tell the landlord.
        })
    }, REFRESH_MS)
    return () => clearTimeout(t)
  }, [busy, processing, images, id, qc])

  const remove = useDeletePhoto(id, {
    onSuccess: (_, img) => gone(img),
    onError: (e, img) => {
      // Already gone (another tab): it is gone here too.
      if (e instanceof ApiError && e.status === 404) gone(img)
      else setDeleteError(errorMessage(e))
    },
  })

  function gone(img: Image) {
    patchImages((imgs) => imgs.filter((i) => i.name !== img.name))
    setToDelete(null)
    // The button that opened the dialog is gone; keep the keyboard nearby.
    requestAnimationFrame(() => input.current?.focus())
  }

  function closeDialog() {
    if (remove.isPending) return
    setToDelete(null)
  }

  const shownIndex = toDelete ? images.findIndex((i) => i.name === toDelete.name) : -1

  return (
    <section className="photos" aria-labelledby="pd-photos-title">
      <div className="photos__head">
        <h2 id="pd-photos-title" className="photos__title">
          Photos
        </h2>
        <p className="photos__count" aria-live="polite">
          {count} of {maxPhotos} photos
        </p>
      </div>

      <div
        className={`photos__drop${dragging ? ' photos__drop--over' : ''}`}
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes('Files')) return
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false)
        }}
        onDrop={onDrop}
      >
        {count + uploads.length > 0 ? (
          <ul className="photo-grid" aria-label="Property photos">
            {images.map((img, i) => (
              <li key={img.name} className="photo-tile">
                <img
                  src={img.thumbUrl}
                  width={img.thumbWidth}
                  height={img.thumbHeight}
                  alt={`Photo ${i + 1} of ${count}`}
                  decoding="async"
                />
                {i === 0 ? <span className="photo-tile__badge">Cover photo</span> : null}
                <button
                  type="button"
                  className="icon-button photo-tile__delete"
                  aria-label={`Delete photo ${i + 1}`}
                  title="Delete this photo"
                  onClick={() => {
                    setDeleteError('')
                    remove.reset()
                    setToDelete(img)
                  }}
                >
                  <Trash2 aria-hidden size={18} />
                </button>
              </li>
            ))}
            {uploads.map((u) => (
              <li key={u.key} className="photo-tile photo-tile--uploading" aria-busy="true">
                {u.preview ? (
                  // A file that is not a picture after all shows no broken-image icon.
                  <img src={u.preview} alt="" onError={(e) => (e.currentTarget.style.visibility = 'hidden')} />
                ) : null}
                <div className="photo-tile__progress">
                  <span className="photo-tile__name">{u.file.name}</span>
                  <progress max={100} value={Math.round(u.progress * 100)} aria-label={`Uploading ${u.file.name}`} />
                  <span className="photo-tile__percent" aria-hidden>
                    {!u.started ? 'Waiting' : u.progress >= 1 ? 'Saving' : `${Math.round(u.progress * 100)}%`}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="photos__empty">
            <ImagePlus aria-hidden size={28} />
            <span>Add up to {maxPhotos} photos. The first one is shown on your listing card.</span>
          </p>
        )}
        <div className="photos__add-row">
          <label className={`button button--outline photos__add${full ? ' photos__add--disabled' : ''}`}>
            <input
              ref={input}
              type="file"
              className="visually-hidden"
              accept={IMAGE_ACCEPT}
              multiple
              disabled={full}
              aria-describedby={hintId}
              onChange={onChoose}
            />
            <ImagePlus aria-hidden size={20} />
            Add photos
          </label>
          <span id={hintId} className="field-hint photos__hint">
            {full && count >= maxPhotos ? TOO_MANY_PHOTOS : 'PNG or JPEG, up to 5MB each.'}
          </span>
        </div>
      </div>

      {failures.length > 0 ? (
        <div className="form-message form-message--error photos__failed" role="alert">
          <div className="photos__failed-text">
            <p className="photos__failed-title">{UPLOAD_FAILED}</p>
            <p>{UPLOAD_FAILED_DETAIL}</p>
            <ul className="photos__failed-list">
              {failures.map((f) => (
                <li key={f.key}>
                  <span className="photos__file">{f.name}</span>: {f.reason}
                </li>
              ))}
            </ul>
          </div>
          <button type="button" className="icon-button photos__dismiss" aria-label="Dismiss the upload errors" onClick={clearFailures}>
            <X aria-hidden size={20} />
          </button>
        </div>
      ) : null}

      <ConfirmDialog
        open={toDelete !== null}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={closeDialog}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      >
        {toDelete ? (
          <>
            <p className="confirm__text">{DELETE_PHOTO_CONFIRM}</p>
            <img
              className="photos__confirm-image"
              src={toDelete.thumbUrl}
              width={toDelete.thumbWidth}
              height={toDelete.thumbHeight}
              alt={shownIndex >= 0 ? `Photo ${shownIndex + 1} of ${count}` : 'The photo'}
            />
            {deleteError ? (
              <p className="form-message form-message--error" role="alert">
                {deleteError}
              </p>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  )
}
