// /job/:token (issue 44): the contractor's page for one job, opened from the
// e-mailed link on a phone, without an account. Accept or decline, propose a
// time, record arrival, add photos of the work, mark it done and send the
// invoice. A link that expired, was withdrawn or whose repair closed shows
// only the server's message.
import { useRef, useState } from 'react'
import { useParams } from 'react-router'
import { Camera, CheckCircle2, FileText, MapPin, Phone, Mail } from 'lucide-react'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { errorFields, errorMessage } from '../../../lib/errors'
import { useQueryClient } from '@tanstack/react-query'
import { jobKey, jobPhotoURL, uploadJobInvoice, uploadJobPhoto, useJob, useJobStep, type Job } from '../api/visits'
import { AppointmentForm } from '../components/AppointmentForm'
import { priorityText, ukDateTime } from '../format'
import { formatPhone, poundsToPence } from '../visitFormat'
import '../../../app/shell/pages.css'
import '../maintenance.css'

export default function JobPage() {
  const { token = '' } = useParams()
  const q = useJob(token)
  return (
    <div className="page rp rp--narrow rp-job">
      {q.isPending ? <div className="page-loading"><Spinner /></div> : null}
      {q.isError ? (
        <>
          <h1 className="page__title">Your job</h1>
          <FormMessage kind="error">{errorMessage(q.error)}</FormMessage>
        </>
      ) : null}
      {q.data ? <JobBody token={token} job={q.data} /> : null}
    </div>
  )
}

function JobBody({ token, job: j }: { token: string; job: Job }) {
  const can = (s: string) => j.can.includes(s as Job['can'][number])
  return (
    <>
      <p className="rp-small rp-muted">A job from {j.landlord}</p>
      <h1 className="page__title">{j.category}{j.room ? `: ${j.room}` : ''}</h1>
      <p className="rp-meta">
        <span className="rp-status">{j.stateText}</span>
        <span className={`rp-badge rp-badge--${j.priority}`}>{priorityText[j.priority] ?? j.priority}</span>
      </p>
      <p className="rp-job__address"><MapPin aria-hidden size={18} /> <span>{j.address}</span></p>

      <section className="panel rp-panel" aria-labelledby="job-what">
        <h2 id="job-what" className="rp-h2">What was reported</h2>
        <p className="rp-pre">{j.description}</p>
        <dl className="rp-dl">
          {j.answers.map((a) => (<div key={a.question}><dt>{a.question}</dt><dd>{a.answer}</dd></div>))}
          {j.availability ? (<div><dt>When the tenant is in</dt><dd>{j.availability}</dd></div>) : null}
          <div><dt>Entry when out</dt><dd>{j.entryWhenOut ? 'You may go in when the tenant is out' : 'Only when the tenant is in'}</dd></div>
          {j.note ? (<div><dt>The landlord's note</dt><dd className="rp-pre">{j.note}</dd></div>) : null}
        </dl>
        <p className="rp-job__contact">
          <Mail aria-hidden size={18} /> <span>{j.landlord}: <a href={`mailto:${j.landlordEmail}`}>{j.landlordEmail}</a></span>
        </p>
        {j.tenantPhone ? (
          <p className="rp-job__contact">
            <Phone aria-hidden size={18} /> <span>{j.tenantName ?? 'The tenant'} (agreed to share): <a href={`tel:${j.tenantPhone}`}><strong>{formatPhone(j.tenantPhone)}</strong></a></span>
          </p>
        ) : null}
      </section>

      {j.appointment ? (
        <section className="panel rp-panel" aria-labelledby="job-visit">
          <h2 id="job-visit" className="rp-h2">The visit</h2>
          <p><strong>{j.appointment.text}</strong></p>
          <p className="rp-muted">
            {j.appointment.confirmed ? 'Confirmed: the tenant has been sent written notice.' : 'Proposed: waiting for the tenant (or the landlord) to confirm it.'}
          </p>
          {j.arrivedAt ? <p>You arrived at {ukDateTime(j.arrivedAt)}.</p> : null}
        </section>
      ) : null}

      <section className="panel rp-panel" aria-labelledby="job-do">
        <h2 id="job-do" className="rp-h2">{j.can.some((c) => c !== 'photo') ? 'What to do now' : 'Progress'}</h2>
        <Steps token={token} job={j} can={can} />
      </section>

      {can('photo') || j.photos.length > 0 ? <Photos token={token} job={j} canAdd={can('photo')} /> : null}
      {can('invoice') || j.invoice ? <Invoice token={token} job={j} canSend={can('invoice')} /> : null}

      <p className="rp-small rp-muted">This link is for you only. It works until {ukDateTime(j.expiresAt)} (UK time), longer with each step you take.</p>
    </>
  )
}

function Steps({ token, job: j, can }: { token: string; job: Job; can: (s: string) => boolean }) {
  const step = useJobStep(token)
  const [declining, setDeclining] = useState(false)
  const [reason, setReason] = useState('')
  const [note, setNote] = useState('')
  const fields = errorFields(step.error)
  const busy = step.isPending
  const nothing = !can('accept') && !can('propose') && !can('arrive') && !can('done') && !can('invoice')
  return (
    <div className="rp-form">
      {step.isError && !fields.reason && !fields.note && !fields.start && !fields.end ? <FormMessage kind="error">{errorMessage(step.error)}</FormMessage> : null}
      {can('accept') ? (
        <div className="rp-actions">
          <button type="button" className="button" disabled={busy} onClick={() => step.mutate({ step: 'accept' })}>
            {busy ? <ButtonSpinner /> : <CheckCircle2 aria-hidden size={18} />} Accept the job
          </button>
          {!declining ? <button type="button" className="button button--outline" onClick={() => setDeclining(true)}>Decline</button> : null}
        </div>
      ) : null}
      {can('decline') && (declining || !can('accept')) ? (
        declining ? (
          <form className="rp-form" onSubmit={(e) => { e.preventDefault(); step.mutate({ step: 'decline', reason }) }} noValidate>
            <Field id="job-reason" label="Why are you declining?" error={fields.reason}>
              <textarea id="job-reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={!!fields.reason}
                aria-describedby={describedBy('job-reason', { error: fields.reason })} />
            </Field>
            <div className="rp-actions">
              <button type="submit" className="button button--outline" disabled={busy}>{busy ? <ButtonSpinner /> : null}Decline the job</button>
            </div>
          </form>
        ) : (
          <div className="rp-actions">
            <button type="button" className="button button--outline" onClick={() => setDeclining(true)}>I can no longer do this job</button>
          </div>
        )
      ) : null}
      {can('propose') ? (
        <div>
          <h3 className="rp-h3">{j.appointment ? 'Propose another time' : 'Propose a time'}</h3>
          <AppointmentForm idPrefix="job-appt" notice={j.notice} pending={busy} error={fields.start || fields.end ? step.error : undefined}
            onSubmit={(input) => step.mutate({ step: 'propose', input })} />
        </div>
      ) : null}
      {can('arrive') ? (
        <div className="rp-actions">
          <button type="button" className="button" disabled={busy} onClick={() => step.mutate({ step: 'arrive' })}>
            {busy ? <ButtonSpinner /> : <MapPin aria-hidden size={18} />} I have arrived
          </button>
        </div>
      ) : null}
      {can('done') ? (
        <form className="rp-form" onSubmit={(e) => { e.preventDefault(); step.mutate({ step: 'done', note }) }} noValidate>
          <Field id="job-done" label="What did you do?" error={fields.note} hint="Add photos of the work below, before or after.">
            <textarea id="job-done" rows={4} value={note} onChange={(e) => setNote(e.target.value)} aria-invalid={!!fields.note}
              aria-describedby={describedBy('job-done', { hint: 1, error: fields.note })} />
          </Field>
          <div className="rp-actions">
            <button type="submit" className="button" disabled={busy}>{busy ? <ButtonSpinner /> : <CheckCircle2 aria-hidden size={18} />} Mark the work done</button>
          </div>
        </form>
      ) : null}
      {j.doneAt ? <p><CheckCircle2 aria-hidden size={18} className="rp-ok" /> Work done on {ukDateTime(j.doneAt)}: {j.doneNote}</p> : null}
      {nothing && !j.doneAt ? <p className="rp-muted">Nothing to do until the visit is confirmed. You will get an e-mail.</p> : null}
    </div>
  )
}

function Photos({ token, job: j, canAdd }: { token: string; job: Job; canAdd: boolean }) {
  const qc = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const add = async (files: FileList | null) => {
    if (!files?.length) return
    setBusy(true)
    setError(null)
    try {
      for (const f of Array.from(files)) {
        const job = await uploadJobPhoto(token, f)
        qc.setQueryData(jobKey(token), job)
      }
    } catch (e) {
      setError(e)
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }
  return (
    <section className="panel rp-panel" aria-labelledby="job-photos">
      <h2 id="job-photos" className="rp-h2">Photos of the work</h2>
      {j.photos.length === 0 ? <p className="rp-muted">No photos yet.</p> : (
        <ul className="rp-job-photos">
          {j.photos.map((name, i) => <li key={name}><img src={jobPhotoURL(token, name)} alt={`Photo ${i + 1} of the work`} loading="lazy" /></li>)}
        </ul>
      )}
      {canAdd ? (
        <>
          <label htmlFor="job-photo" className="button button--outline rp-upload">
            {busy ? <ButtonSpinner /> : <Camera aria-hidden size={18} />} Take or add a photo
          </label>
          <input id="job-photo" ref={input} className="visually-hidden" type="file" accept="image/jpeg,image/png" capture="environment" multiple
            disabled={busy} onChange={(e) => void add(e.target.files)} />
          {error ? <FormMessage kind="error">{errorMessage(error)}</FormMessage> : null}
        </>
      ) : null}
    </section>
  )
}

function Invoice({ token, job: j, canSend }: { token: string; job: Job; canSend: boolean }) {
  const qc = useQueryClient()
  const [amount, setAmount] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [amountError, setAmountError] = useState('')
  const fields = errorFields(error)
  const send = async (e: React.FormEvent) => {
    e.preventDefault()
    const pence = poundsToPence(amount)
    setAmountError(pence ? '' : 'Please enter the amount in pounds and pence, more than zero: 125.00')
    if (!pence) return
    if (!file) {
      setError(null)
      setAmountError('')
      setError(new Error('Please choose the invoice file.'))
      return
    }
    setBusy(true)
    setError(null)
    try {
      qc.setQueryData(jobKey(token), await uploadJobInvoice(token, pence, file))
    } catch (err) {
      setError(err)
    } finally {
      setBusy(false)
    }
  }
  if (j.invoice) {
    return (
      <section className="panel rp-panel" aria-labelledby="job-invoice">
        <h2 id="job-invoice" className="rp-h2">Invoice</h2>
        <p><FileText aria-hidden size={18} /> Your invoice of <strong>{j.invoice.amountText}</strong> was sent on {ukDateTime(j.invoice.sentAt)}. Thank you.</p>
      </section>
    )
  }
  if (!canSend) return null
  const msg = amountError || fields.amountPence
  return (
    <section className="panel rp-panel" aria-labelledby="job-invoice">
      <h2 id="job-invoice" className="rp-h2">Send your invoice</h2>
      <form className="rp-form" onSubmit={(e) => void send(e)} noValidate>
        <Field id="job-amount" label="Amount (£, the total to pay)" error={msg}>
          <input id="job-amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)}
            aria-invalid={!!msg} aria-describedby={describedBy('job-amount', { error: msg })} />
        </Field>
        <Field id="job-file" label="Invoice file (PDF or a photo)" hint="PDF, JPEG or PNG, 10 MB at most.">
          <input id="job-file" type="file" accept="application/pdf,image/jpeg,image/png" onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            aria-describedby="job-file-hint" />
        </Field>
        {error && !fields.amountPence ? <FormMessage kind="error">{error instanceof Error ? error.message : errorMessage(error)}</FormMessage> : null}
        <div className="rp-actions">
          <button type="submit" className="button" disabled={busy}>{busy ? <ButtonSpinner /> : <FileText aria-hidden size={18} />} Send the invoice</button>
        </div>
      </form>
    </section>
  )
}
