// Disputes on a sent report (spec 3 sections 2 and 4): the Disputed tag, the
// open entries per section, and one section's dispute view (?view=dispute&
// section=…): its thread (author, role, date, comment, photo, Resolved or
// Unresolved; the reader's own entries carry 'Mark resolved' / 'Mark
// unresolved'), then a comment box with an optional photo and Send. The
// creator's entries are answers (born resolved); a sent report is frozen, so
// the creator gets Edit Report (the report is then signed again) beside a note.
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { ArrowLeft, CheckCircle2, CircleAlert, ImagePlus, Send, Trash2 } from 'lucide-react'
import { Dialog } from '../../../components/Dialog'
import { ButtonSpinner, describedBy, Field, FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { errorFields, errorMessage } from '../../../lib/errors'
import { IMAGE_ACCEPT_GIF } from '../../../lib/imageCheck'
import { useAddDispute } from '../api/addDispute'
import { useReportDisputes } from '../api/reportDisputes'
import { useResolveDispute } from '../api/resolveDispute'
import { useDisputePhoto } from '../api/uploadDisputePhoto'
import type { InventoryDispute, InventoryReport } from '../api/keys'
import { SECTION_TITLES, type SectionKey } from '../rules'
import { canEditAgain, EditReportButton } from './EditReportButton'

// ---- Exact texts ----
export const DISPUTE_MSG = {
  commentRequired: 'Please write your comment.',
  commentTooLong: 'Please keep your comment under 2000 characters.',
  creatorNote: 'Answer in the thread, or edit the report: everyone then signs the edited report again.',
  // A completed report cannot be taken back to a draft: no Edit Report button, so no promise of one (issue 26).
  creatorNoteFinal: 'Everyone has signed this report, so it can no longer be edited or disputed.',
  // The server refuses a comment once everyone has signed (the sealed report is final).
  final: 'Everyone has signed this report, so it can no longer be disputed.',
  noEntries: 'No comments on this section yet.',
  sent: 'Your comment has been sent.',
}
export const DISPUTED = 'Disputed'

/** The statuses of a sent report, the ones a party may dispute (a Draft cannot be). */
export const SENT_STATUSES = ['ATS', 'ADS', 'Completed', 'Disputed']
export const isSent = (status: string) => SENT_STATUSES.includes(status)
/** isFinal: everyone has signed; the thread is kept but takes no more comments. */
export const isFinal = (status: string) => status === 'Completed' || status === 'ADS'

/** openCounts counts each section's unresolved entries. */
export function openCounts(disputes: InventoryDispute[] | undefined): Partial<Record<SectionKey, number>> {
  const out: Partial<Record<SectionKey, number>> = {}
  for (const d of disputes ?? []) if (!d.resolved) out[d.section as SectionKey] = (out[d.section as SectionKey] ?? 0) + 1
  return out
}

export function DisputedTag() {
  return <span className="inv-tag inv-tag--disputed">{DISPUTED}</span>
}

const ROLE: Record<InventoryDispute['authorRole'], string> = { creator: 'Inspector', landlord: 'Landlord', tenant: 'Tenant' }

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
const photoUrl = (size: 'thumb' | 'large', name: string) => `/api/photos/${size}/${encodeURIComponent(name)}`

const schema = z.object({
  comment: z.string().trim().min(1, DISPUTE_MSG.commentRequired).max(2000, DISPUTE_MSG.commentTooLong),
})
type CommentForm = z.infer<typeof schema>

type Props = { report: InventoryReport; section: SectionKey; onBack: () => void }

export function DisputeView({ report, section, onBack }: Props) {
  const title = SECTION_TITLES[section]
  const q = useReportDisputes(report.id)
  const heading = useRef<HTMLHeadingElement>(null)
  const [big, setBig] = useState<string | null>(null)
  const creator = report.mine
  useEffect(() => heading.current?.focus(), [section])

  const resolve = useResolveDispute(report.id)
  const entries = (q.data ?? []).filter((d) => d.section === section)

  return (
    <section className="inv-screen inv-dispute" aria-labelledby="inv-dispute-title">
      <button type="button" className="button button--outline button--small" onClick={onBack}>
        <ArrowLeft aria-hidden size={18} /> Back to the report
      </button>
      <h1 id="inv-dispute-title" className="page__title inv-dispute__title" ref={heading} tabIndex={-1}>
        {isFinal(report.status) ? 'Comments' : creator ? 'Answer' : 'Dispute'}: {title}
      </h1>
      <p className="inv-muted inv-dispute__sub">
        {report.type} · {report.property.addrFirstLine || 'Property'} {report.status === 'Disputed' ? <DisputedTag /> : null}
      </p>
      {creator ? (
        <div className="form-message form-message--info inv-dispute__note">
          <p>{canEditAgain(report) ? DISPUTE_MSG.creatorNote : DISPUTE_MSG.creatorNoteFinal}</p>
          <EditReportButton report={report} />
        </div>
      ) : null}

      <h2 className="inv-subtitle">Comments</h2>
      {q.isPending ? <Spinner /> : null}
      {q.isError ? <FormMessage kind="error">{errorMessage(q.error)}</FormMessage> : null}
      {q.data && entries.length === 0 ? <p className="inv-muted">{DISPUTE_MSG.noEntries}</p> : null}
      {entries.length > 0 ? (
        <ol className="inv-thread" aria-label={`Comments on ${title}`}>
          {entries.map((d) => {
            const busy = resolve.isPending && resolve.variables?.entry === d.id
            return (
              <li key={d.id} className={`inv-entry${d.mine ? ' inv-entry--mine' : ''}`}>
                <div className="inv-entry__head">
                  <strong>{d.authorName || d.authorEmail}</strong>
                  <span className="inv-muted">{ROLE[d.authorRole] ?? d.authorRole}{d.authorRole === 'creator' ? ' (answer)' : ''}</span>
                  <span className={`inv-tag ${d.resolved ? 'inv-tag--resolved' : 'inv-tag--open'}`}>
                    {d.resolved ? <CheckCircle2 aria-hidden size={14} /> : <CircleAlert aria-hidden size={14} />}
                    {d.resolved ? 'Resolved' : 'Unresolved'}
                  </span>
                </div>
                <time className="inv-entry__date inv-muted" dateTime={d.createdAt}>{when(d.createdAt)}</time>
                <p className="inv-pre inv-entry__comment">{d.comment}</p>
                {d.photo ? (
                  <button type="button" className="inv-entry__photo" onClick={() => setBig(d.photo)} aria-label={`Open the photo from ${d.authorName || d.authorEmail} full size`}>
                    <img src={photoUrl('thumb', d.photo)} alt="" loading="lazy" />
                  </button>
                ) : null}
                {d.mine && !isFinal(report.status) ? (
                  <button type="button" className="button button--outline button--small inv-entry__toggle" aria-busy={busy || undefined}
                    onClick={() => !resolve.isPending && resolve.mutate({ entry: d.id, resolved: !d.resolved })}>
                    {busy ? <ButtonSpinner /> : null}
                    {d.resolved ? 'Mark unresolved' : 'Mark resolved'}
                  </button>
                ) : null}
              </li>
            )
          })}
        </ol>
      ) : null}
      {resolve.isError ? <FormMessage kind="error">{errorMessage(resolve.error)}</FormMessage> : null}

      {isFinal(report.status) ? (
        // The creator's note above says it already.
        creator ? null : <p className="form-message form-message--info">{DISPUTE_MSG.final}</p>
      ) : (
        <CommentBox reportId={report.id} section={section} creator={creator} />
      )}

      <Dialog open={!!big} onClose={() => setBig(null)} title="Photo" wide>
        {big ? <img className="inv-viewer__img" src={photoUrl('large', big)} alt="The dispute photo, full size" /> : null}
      </Dialog>
    </section>
  )
}

function CommentBox({ reportId, section, creator }: { reportId: string; section: SectionKey; creator: boolean }) {
  const form = useForm<CommentForm>({ resolver: zodResolver(schema), defaultValues: { comment: '' } })
  const { errors } = form.formState
  const photo = useDisputePhoto(reportId)
  const [done, setDone] = useState(false)
  const add = useAddDispute(reportId)

  const submit = form.handleSubmit((v) => {
    if (add.isPending || photo.uploading) return
    setDone(false)
    add.mutate(
      { section, comment: v.comment.trim(), ...(photo.photo ? { photo: photo.photo.name } : {}) },
      {
        onSuccess: () => {
          form.reset({ comment: '' })
          photo.clear()
          setDone(true)
        },
        onError: (e) => {
          const fields = errorFields(e)
          if (fields.comment) form.setError('comment', { message: fields.comment })
          else form.setError('root', { message: errorMessage(e) })
        },
      },
    )
  })

  const id = 'inv-dispute-comment'
  const err = errors.comment?.message
  return (
    <form className="inv-dispute__form" onSubmit={submit} noValidate aria-label={creator ? 'Your answer' : 'Your comment'}>
      <Field id={id} label="Comment" error={err}>
        <textarea id={id} rows={4} maxLength={2000} aria-invalid={!!err || undefined} aria-describedby={describedBy(id, { error: err })}
          {...form.register('comment', { onChange: () => setDone(false) })} />
      </Field>
      <div className="inv-photos" role="group" aria-label="Photo (optional)">
        {photo.photo ? (
          <div className="inv-dispute__chosen">
            <img src={photo.photo.thumbUrl || photoUrl('thumb', photo.photo.name)} alt="The photo to send" />
            <button type="button" className="icon-button" aria-label="Remove the photo" onClick={photo.clear}>
              <Trash2 aria-hidden size={18} />
            </button>
          </div>
        ) : null}
        {photo.uploading ? <progress max={100} value={Math.round((photo.progress ?? 0) * 100)} aria-label="Uploading the photo" /> : null}
        {!photo.photo && !photo.uploading ? (
          <div className="inv-photos__buttons">
            <label className="button button--outline button--small">
              <input type="file" className="visually-hidden" accept={IMAGE_ACCEPT_GIF} onChange={(e) => { photo.choose(e.target.files?.[0]); e.target.value = '' }} />
              <ImagePlus aria-hidden size={18} /> Add photo
            </label>
          </div>
        ) : null}
        {photo.error ? <FormMessage kind="error">{photo.error}</FormMessage> : null}
      </div>
      {errors.root?.message ? <FormMessage kind="error">{errors.root.message}</FormMessage> : null}
      {done ? <FormMessage kind="success">{DISPUTE_MSG.sent}</FormMessage> : null}
      <button type="submit" className="button inv-dispute__send" disabled={photo.uploading} aria-busy={add.isPending || undefined}>
        {add.isPending ? <ButtonSpinner /> : <Send aria-hidden size={18} />}
        Send
      </button>
    </form>
  )
}
