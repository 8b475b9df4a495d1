// The report's photos: one upload queue for the whole page (uploads go on in
// the background while the inspector moves between screens), and PhotoSet,
// the photos of one place in the report: 'Take photo' (the camera, origin
// camera) and 'Add from files' (several, origin upload), checked here with
// the spec's two messages first, thumbnails with each upload's progress, a
// failed upload's Retry, and a tap opens the photo full size. The bin asks
// before a photo is taken out of the report (one stray tap loses nothing).
import { createContext, Fragment, useContext, useState, type ReactNode } from 'react'
import { Camera, ImagePlus, RotateCw, Trash2, X } from 'lucide-react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { Dialog } from '../../../components/Dialog'
import { useReportPhotos } from '../api/reportPhotos'
import { useReportEvidence } from '../api/reportEvidence'
import { useInventoryUploads } from '../api/uploadPhoto'
import type { InventoryData, Photo, PhotoEvidence } from '../api/keys'
import { targetId, withPhotos, type PhotoTarget } from '../rules'
import { ukDateTime } from '../../../lib/ukDay'

type Ctx = {
  uploads: ReturnType<typeof useInventoryUploads<PhotoTarget>>
  byName: Map<string, Photo>
  evidence: Map<string, PhotoEvidence>
  local: Record<string, string[]>
  setLocal: (key: string, change: (names: string[]) => string[]) => void
}

const PhotosContext = createContext<Ctx | null>(null)

type ProviderProps = {
  reportId: string
  update: (change: (d: InventoryData) => InventoryData) => void
  children: ReactNode
}

export function PhotosProvider({ reportId, update, children }: ProviderProps) {
  const photos = useReportPhotos(reportId)
  const [local, setLocalState] = useState<Record<string, string[]>>({})
  const setLocal = (key: string, change: (names: string[]) => string[]) => setLocalState((l) => ({ ...l, [key]: change(l[key] ?? []) }))
  const uploads = useInventoryUploads<PhotoTarget>(reportId, ({ photo, target }) => {
    if (target.kind === 'local') setLocal(target.key, (names) => [...names, photo.name])
    else update((d) => withPhotos(d, target, (names) => (names.includes(photo.name) ? names : [...names, photo.name])))
  })
  const ev = useReportEvidence(reportId)
  const byName = new Map((photos.data ?? []).map((p) => [p.name, p]))
  const evidence = new Map((ev.data ?? []).map((e) => [e.name, e]))
  return <PhotosContext.Provider value={{ uploads, byName, evidence, local, setLocal }}>{children}</PhotosContext.Provider>
}

/**
 * OtherReportPhotos shows, below it, the photos of another report the
 * reader may see (the check-in report's, in a check-out's comparison):
 * thumbnails open full size with their evidence, as the report's own do.
 */
export function OtherReportPhotos({ photos, evidence, children }: { photos: Photo[]; evidence: PhotoEvidence[]; children: ReactNode }) {
  const c = usePhotos()
  const value = { ...c, byName: new Map(photos.map((p) => [p.name, p])), evidence: new Map(evidence.map((e) => [e.name, e])) }
  return <PhotosContext.Provider value={value}>{children}</PhotosContext.Provider>
}

export function usePhotos(): Ctx {
  const c = useContext(PhotosContext)
  if (!c) throw new Error('usePhotos needs a <PhotosProvider> above it')
  return c
}

/** photoTerm is the spec's glossary term for how a photo came in (spec 3 section 9). */
export function photoTerm(origin: string): string {
  return origin === 'camera' ? 'Captured (via App)' : 'Added'
}

// Every time shown with a photo is UK time with its zone named, as its notes
// and the report's PDF write it (a time in the browser's zone beside a note
// in UK time read as two different moments).
const when = ukDateTime

type Evidence = { origin: string; capturedAt?: string | null; uploadedAt: string; notes?: string[] }

/**
 * caption is a thumbnail's line, as the report PDF prints it: the camera's
 * date for a photo captured in the app whose date nothing casts doubt on,
 * otherwise when it was uploaded (the glossary's "Added").
 */
export function caption(ev: Evidence): string {
  if (ev.origin === 'camera' && ev.capturedAt && (ev.notes ?? []).length === 0) {
    return `${photoTerm(ev.origin)} · Taken ${when(ev.capturedAt)}`
  }
  return `${photoTerm(ev.origin)} · Uploaded ${when(ev.uploadedAt)}`
}

/** PhotoViewer shows one photo full size, with its evidence when known. */
export function PhotoViewer({ photo, onClose }: { photo: Photo | null; onClose: () => void }) {
  const { evidence } = usePhotos()
  const ev = photo ? evidence.get(photo.name) : undefined
  return (
    <Dialog open={!!photo} onClose={onClose} title="Photo" wide>
      {photo ? <img className="inv-viewer__img" src={photo.url} width={photo.width} height={photo.height} alt="The photo, full size" /> : null}
      {ev ? (
        <dl className="inv-dl inv-evidence">
          <dt>How</dt>
          <dd>{photoTerm(ev.origin)}</dd>
          <dt>Camera's date</dt>
          <dd>{ev.capturedAt ? when(ev.capturedAt) : 'Not recorded by the camera'}</dd>
          <dt>Uploaded</dt>
          <dd>{when(ev.uploadedAt)}</dd>
          {(ev.notes ?? []).map((note) => (
            <Fragment key={note}>
              <dt>Note</dt>
              <dd>{note}</dd>
            </Fragment>
          ))}
          <dt>SHA-256</dt>
          <dd className="inv-hash">{ev.sha256}</dd>
        </dl>
      ) : null}
    </Dialog>
  )
}

/** Thumbs shows photo names as thumbnails that open full size (the preview and read-only views). */
export function Thumbs({ names, label }: { names: string[]; label: string }) {
  const { byName, evidence } = usePhotos()
  const [open, setOpen] = useState<Photo | null>(null)
  if (names.length === 0) return null
  return (
    <>
      <ul className="inv-thumbs" aria-label={label}>
        {names.map((n, i) => {
          const p = byName.get(n)
          return (
            <li key={n} className="inv-thumb-cell">
              <div className="inv-thumb">
              <button type="button" className="inv-thumb__open" onClick={() => p && setOpen(p)} aria-label={`Open photo ${i + 1} of ${names.length} full size`}>
                {p ? <img src={p.thumbUrl} alt="" loading="lazy" /> : <span className="inv-thumb__missing">Photo</span>}
              </button>
              </div>
              {evidence.get(n) ? (
                <span className="inv-thumb__term">
                  {caption(evidence.get(n)!)}
                  {(evidence.get(n)!.notes ?? []).length > 0 ? <span className="inv-thumb__note">Not relied on: see the note</span> : null}
                </span>
              ) : null}
            </li>
          )
        })}
      </ul>
      <PhotoViewer photo={open} onClose={() => setOpen(null)} />
    </>
  )
}

type SetProps = {
  target: PhotoTarget
  /** names: the photos shown (for a local target, taken from the page's local sets when omitted). */
  names?: string[]
  onRemove?: (name: string) => void
  label: string
  single?: boolean
}

export function PhotoSet({ target, names: given, onRemove, label, single }: SetProps) {
  const { uploads, byName, local, setLocal } = usePhotos()
  const [open, setOpen] = useState<Photo | null>(null)
  const [asking, setAsking] = useState<{ name: string; index: number } | null>(null)
  const tid = targetId(target)
  const names = given ?? (target.kind === 'local' ? local[target.key] ?? [] : [])
  const remove = onRemove ?? (target.kind === 'local' ? (n: string) => setLocal(target.key, (ns) => ns.filter((x) => x !== n)) : undefined)
  const running = uploads.running.filter((u) => targetId(u.target) === tid)
  const failed = uploads.failed.filter((f) => targetId(f.target) === tid)

  const choose = (files: FileList | null, origin: 'camera' | 'upload') => {
    const list = Array.from(files ?? [])
    if (list.length > 0) uploads.add(single ? list.slice(0, 1) : list, target, origin)
  }

  return (
    <div className="inv-photos" role="group" aria-label={label}>
      {names.length + running.length > 0 ? (
        <ul className="inv-thumbs" aria-label={`${label}: photos`}>
          {names.map((n, i) => {
            const p = byName.get(n)
            return (
              <li key={n} className="inv-thumb">
                <button type="button" className="inv-thumb__open" onClick={() => p && setOpen(p)} aria-label={`Open photo ${i + 1} of ${names.length} full size`}>
                  {p ? <img src={p.thumbUrl} alt="" loading="lazy" /> : <span className="inv-thumb__missing">Photo</span>}
                </button>
                {remove ? (
                  <button type="button" className="icon-button inv-thumb__remove" aria-label={`Remove photo ${i + 1}`} onClick={() => setAsking({ name: n, index: i })}>
                    <Trash2 aria-hidden size={16} />
                  </button>
                ) : null}
              </li>
            )
          })}
          {running.map((u) => (
            <li key={u.key} className="inv-thumb inv-thumb--uploading" aria-busy="true">
              {u.preview ? <img src={u.preview} alt="" onError={(e) => (e.currentTarget.style.visibility = 'hidden')} /> : null}
              <progress max={100} value={Math.round(u.progress * 100)} aria-label={`Uploading ${u.file.name}`} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="inv-photos__buttons">
        <label className="button button--outline button--small">
          <input type="file" className="visually-hidden" accept="image/*" capture="environment" onChange={(e) => { choose(e.target.files, 'camera'); e.target.value = '' }} />
          <Camera aria-hidden size={18} /> Take photo
        </label>
        <label className="button button--outline button--small">
          <input type="file" className="visually-hidden" accept="image/png,image/jpeg,.png,.jpg,.jpeg" multiple={!single} onChange={(e) => { choose(e.target.files, 'upload'); e.target.value = '' }} />
          <ImagePlus aria-hidden size={18} /> Add from files
        </label>
      </div>
      {uploads.refused.length > 0 ? (
        <div className="form-message form-message--error inv-photos__msg" role="alert">
          <ul>
            {uploads.refused.map((r, i) => (
              <li key={i}>{r.name}: {r.reason}</li>
            ))}
          </ul>
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={uploads.clearRefused}>
            <X aria-hidden size={18} />
          </button>
        </div>
      ) : null}
      {failed.map((f) => (
        <div key={f.key} className="form-message form-message--error inv-photos__msg" role="alert">
          <span>{f.file.name}: {f.reason}</span>
          <span className="inv-photos__retry">
            <button type="button" className="button button--small" onClick={() => uploads.retry(f.key)}>
              <RotateCw aria-hidden size={16} /> Retry
            </button>
            <button type="button" className="icon-button" aria-label={`Dismiss ${f.file.name}`} onClick={() => uploads.dismiss(f.key)}>
              <X aria-hidden size={18} />
            </button>
          </span>
        </div>
      ))}
      <PhotoViewer photo={open} onClose={() => setOpen(null)} />
      {remove ? (
        <ConfirmDialog
          open={!!asking}
          title="Remove this photo?"
          confirmLabel="Remove photo"
          danger
          busy={false}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            if (asking) remove(asking.name)
            setAsking(null)
          }}
        >
          {asking && byName.get(asking.name) ? (
            <img className="inv-confirm__thumb" src={byName.get(asking.name)!.thumbUrl} alt={`Photo ${asking.index + 1}`} />
          ) : null}
          <p>Photo {asking ? asking.index + 1 : ''} will be taken out of this report.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  )
}
