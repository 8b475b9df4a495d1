// A repair's evidence on its page (issue 44): the photos and short videos,
// with when each was taken and who added it (a video plays in the page);
// adding more from the phone's camera; the original
// message of a report the landlord logged; and the download of the sealed
// history PDF, for the landlord and the tenant alike.
import { useState } from 'react'
import { Download, FileText } from 'lucide-react'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import type { Repair } from '../api/repairs'
import { historyPdfUrl, useAddRepairPhotos, useAttachOriginal } from '../api/evidence'
import { ukDateTime } from '../format'
import { isVideo, PhotoPicker, type Picked } from './PhotoPicker'
import { ORIGINAL_ACCEPT, originalProblem } from './ReportForm'

export function HistoryDownload({ repair: r }: { repair: Repair }) {
  return (
    <p className="rp-evidence-note">
      <a className="button button--outline rp-download" href={historyPdfUrl(r.id)} download>
        <Download aria-hidden size={18} /> Download the history (PDF)
      </a>{' '}
      <span className="rp-small rp-muted">Sealed by OmniRent: anyone can check it is genuine at /verify.</span>
    </p>
  )
}

function sendLabel(picked: Picked[]): string {
  const videos = picked.filter((p) => isVideo(p.file)).length
  const photos = picked.length - videos
  if (picked.length === 1) return videos ? 'Add the video' : 'Add the photo'
  if (!videos) return `Add ${photos} photos`
  if (!photos) return `Add ${videos} videos`
  return `Add ${photos} ${photos === 1 ? 'photo' : 'photos'} and ${videos} ${videos === 1 ? 'video' : 'videos'}`
}

function sizeText(n: number): string {
  return n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`
}

export function Evidence({ repair: r }: { repair: Repair }) {
  const add = useAddRepairPhotos(r.id)
  const attach = useAttachOriginal(r.id)
  const [picked, setPicked] = useState<Picked[]>([])
  const [problems, setProblems] = useState<string[]>([])
  const [failed, setFailed] = useState<string[]>([])
  const [originalError, setOriginalError] = useState('')
  const landlordLogged = r.viewer === 'landlord' && r.reporterRole === 'landlord'

  function send() {
    const photos = picked
    setFailed([])
    add.mutate(photos, {
      onSuccess: (res) => {
        setFailed(res.failed)
        setPicked([])
      },
    })
  }

  return (
    <section className="panel rp-panel" aria-labelledby="rp-photos-title">
      <h2 id="rp-photos-title" className="rp-h2">Photos and videos</h2>
      {r.photos.length === 0 && r.videos.length === 0 ? <p className="rp-muted">No photos or videos yet.</p> : null}
      {r.photos.length === 0 ? null : (
        <ul className="rp-gallery">
          {r.photos.map((p, i) => (
            <li key={p.name}>
              <figure>
                <a href={p.url} target="_blank" rel="noreferrer">
                  <img src={p.thumbUrl} width={p.thumbWidth} height={p.thumbHeight} alt={`Photo ${i + 1}, added by ${p.by || 'a party'}`} loading="lazy" />
                </a>
                <figcaption>
                  {p.capturedAt ? `Taken ${ukDateTime(p.capturedAt)}` : `Added ${ukDateTime(p.uploadedAt)}`}
                  {p.by ? ` · ${p.by}` : ''}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
      {r.videos.length === 0 ? null : (
        <ul className="rp-gallery rp-gallery--videos" aria-label="Videos">
          {r.videos.map((v, i) => (
            <li key={v.name}>
              <figure>
                <video controls preload="metadata" playsInline src={v.url} aria-label={`Video ${i + 1}, added by ${v.by || 'a party'}`} />
                <figcaption>
                  {v.capturedAt ? `Taken ${ukDateTime(v.capturedAt)}` : `Added ${ukDateTime(v.uploadedAt)}`}
                  {` · ${Math.max(1, Math.round(v.seconds))} s`}
                  {v.by ? ` · ${v.by}` : ''}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
      <PhotoPicker picked={picked} onChange={setPicked} problems={problems} onProblems={setProblems} label="Add photos or videos" />
      {picked.length > 0 ? (
        <div className="rp-actions">
          <button type="button" className="button" disabled={add.isPending} onClick={send}>
            {add.isPending ? <ButtonSpinner /> : null}
            {sendLabel(picked)}
          </button>
        </div>
      ) : null}
      {failed.length > 0 ? (
        <FormMessage kind="error">
          Not added: <ul>{failed.map((f) => <li key={f}>{f}</li>)}</ul>
        </FormMessage>
      ) : null}
      {add.isError ? <FormMessage kind="error">{errorMessage(add.error)}</FormMessage> : null}

      {r.files.length > 0 || landlordLogged ? (
        <>
          <h3 className="rp-h2">The original message</h3>
          {r.files.length > 0 ? (
            <ul className="rp-files">
              {r.files.map((f) => (
                <li key={f.name}>
                  <a href={f.url} download><FileText aria-hidden size={16} /> {f.fileName}</a>{' '}
                  <span className="rp-small rp-muted">({sizeText(f.size)}, attached {ukDateTime(f.uploadedAt)})</span>
                </li>
              ))}
            </ul>
          ) : <p className="rp-muted rp-small">No file attached. A screenshot or photo of it is kept with the photos.</p>}
          {landlordLogged ? (
            <label className="button button--outline rp-photos__button">
              <FileText aria-hidden size={18} /> Attach the original message
              <input className="visually-hidden" type="file" accept={ORIGINAL_ACCEPT}
                onChange={(e) => {
                  const f = e.target.files?.[0]
                  e.target.value = ''
                  if (!f) return
                  const problem = originalProblem(f)
                  setOriginalError(problem)
                  if (!problem) attach.mutate(f)
                }} />
            </label>
          ) : null}
          {originalError ? <p className="field-error" role="alert">{originalError}</p> : null}
          {attach.isError ? <FormMessage kind="error">{errorMessage(attach.error)}</FormMessage> : null}
        </>
      ) : null}
    </section>
  )
}
