// The repair's contractor and visit (issue 44): the landlord sends the
// repair to a contractor and may propose a time; the tenant (or the
// landlord for them) confirms the proposed visit, which sends the tenants
// the written access notice; the tenant may share their phone number with
// the contractor. The work's photos, and for the landlord the invoice and
// the wallet entry it became.
import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router'
import { CalendarCheck, FileText, Send, Wallet } from 'lucide-react'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { errorCode, errorFields, errorMessage } from '../../../lib/errors'
import type { Repair } from '../api/repairs'
import { useAssign, useConfirmVisit, useContractors, useProposeVisit, useShareContact, useVisit, visitKey, type Visit } from '../api/visits'
import { ukDateTime } from '../format'
import { AppointmentForm } from './AppointmentForm'
import { formatPhone } from '../visitFormat'

export function VisitPanel({ repair }: { repair: Repair }) {
  const q = useVisit(repair.id)
  // A change of the repair made elsewhere on the page (triage, a hold)
  // changes what may be done here: ask again.
  const qc = useQueryClient()
  const seen = useRef(repair.updatedAt)
  useEffect(() => {
    if (seen.current === repair.updatedAt) return
    seen.current = repair.updatedAt
    void qc.invalidateQueries({ queryKey: visitKey(repair.id) })
  }, [qc, repair.id, repair.updatedAt])
  if (!q.data) return q.isError ? <FormMessage kind="error">{errorMessage(q.error)}</FormMessage> : null
  const v = q.data
  const landlord = v.viewer === 'landlord'
  const j = v.job
  return (
    <div className="rp-visit">
      {j ? (
        <dl className="rp-dl">
          <dt>Contractor</dt>
          <dd>{j.contractorName} ({j.tradeName}){landlord && j.phone ? <> · <a href={`tel:${j.phone}`}>{formatPhone(j.phone)}</a></> : null}</dd>
          <dt>Job</dt>
          <dd>{j.stateText}, sent {ukDateTime(j.sentAt)}</dd>
          {j.appointment ? (
            <>
              <dt>Visit</dt>
              <dd><strong>{j.appointment.text}</strong>{j.appointment.confirmed ? ' (confirmed: the written notice was sent)' : ' (proposed, not yet confirmed)'}</dd>
            </>
          ) : null}
          {j.arrivedAt ? (<><dt>Arrived</dt><dd>{ukDateTime(j.arrivedAt)}</dd></>) : null}
          {j.doneAt ? (<><dt>Work done</dt><dd>{ukDateTime(j.doneAt)}: {j.doneNote}</dd></>) : null}
        </dl>
      ) : (
        <p className="rp-muted">No contractor yet.</p>
      )}
      {j && j.photos.length > 0 ? (
        <ul className="rp-job-photos" aria-label="Photos of the work">
          {j.photos.map((p, i) => <li key={p.name}><a href={p.url}><img src={p.thumbUrl} alt={`Photo ${i + 1} of the work`} loading="lazy" /></a></li>)}
        </ul>
      ) : null}
      {landlord && j?.invoice ? (
        <p>
          <FileText aria-hidden size={18} /> Invoice: <strong>{j.invoice.amountText}</strong>, received {ukDateTime(j.invoice.sentAt)}.{' '}
          <a href={`/api/repairs/${repair.id}/visit/invoice`}>Download the invoice</a>
          {j.invoice.walletId ? (
            <> · <Link to={`/wallet/t/${j.invoice.walletId}`}><Wallet aria-hidden size={16} /> In your wallet</Link></>
          ) : ' · Being added to your wallet.'}
        </p>
      ) : null}
      {v.canConfirm && j?.appointment ? <Confirm repairId={repair.id} visit={v} /> : null}
      {landlord && v.canAssign && !liveJob(v) ? <Assign repairId={repair.id} visit={v} /> : null}
      {landlord && v.canAssign && liveJob(v) ? (
        <details className="rp-details">
          <summary>Send it to another contractor</summary>
          <Assign repairId={repair.id} visit={v} />
        </details>
      ) : null}
      {landlord && v.canPropose ? (
        <details className="rp-details">
          <summary>Propose a time for the contractor</summary>
          <Propose repairId={repair.id} visit={v} />
        </details>
      ) : null}
      {v.viewer === 'tenant' && repair.open ? <Contact repairId={repair.id} visit={v} /> : null}
      {landlord ? <p className="rp-small"><Link to="/maintenance/contractors">Your contractors</Link></p> : null}
    </div>
  )
}

function liveJob(v: Visit): boolean {
  return !!v.job && (v.job.state === 'offered' || v.job.state === 'accepted')
}

function Assign({ repairId, visit }: { repairId: string; visit: Visit }) {
  const list = useContractors()
  const [contractorId, setContractorId] = useState('')
  const [note, setNote] = useState('')
  const assign = useAssign(repairId, { onSuccess: () => { setContractorId(''); setNote('') } })
  const fields = errorFields(assign.error)
  const cs = list.data?.contractors ?? []
  const chosen = cs.find((c) => c.id === contractorId)
  const again = liveJob(visit)
  if (list.data && cs.length === 0) {
    return <p>To send this repair to a contractor, first <Link to="/maintenance/contractors">add a contractor</Link>.</p>
  }
  return (
    <form className="rp-form" noValidate onSubmit={(e) => { e.preventDefault(); assign.mutate({ contractorId, note }) }}>
      {again ? null : <h3 className="rp-h3">Send the repair to a contractor</h3>}
      <Field id="vp-contractor" label="Contractor" error={fields.contractorId}>
        <select id="vp-contractor" value={contractorId} onChange={(e) => setContractorId(e.target.value)} aria-invalid={!!fields.contractorId}
          aria-describedby={describedBy('vp-contractor', { error: fields.contractorId })}>
          <option value="">Choose a contractor</option>
          {cs.map((c) => <option key={c.id} value={c.id}>{c.name} ({c.tradeName})</option>)}
        </select>
      </Field>
      {chosen?.warnings.map((w) => <p key={w} className="rp-small rp-warn">{w}</p>)}
      <Field id="vp-note" label="Note for the contractor (optional)" error={fields.note} hint="Access, keys, parking: the contractor sees it with the job.">
        <textarea id="vp-note" rows={2} value={note} onChange={(e) => setNote(e.target.value)} aria-describedby={describedBy('vp-note', { hint: 1, error: fields.note })} />
      </Field>
      {again ? <p className="rp-small rp-muted">The job is withdrawn from {visit.job?.contractorName}, who is told.</p> : null}
      {assign.isError && !fields.contractorId && !fields.note ? <FormMessage kind="error">{errorMessage(assign.error)}</FormMessage> : null}
      <div className="rp-actions">
        <button type="submit" className="button" disabled={assign.isPending}>{assign.isPending ? <ButtonSpinner /> : <Send aria-hidden size={18} />} Send the job</button>
      </div>
    </form>
  )
}

function Propose({ repairId, visit }: { repairId: string; visit: Visit }) {
  const propose = useProposeVisit(repairId)
  return <AppointmentForm idPrefix="vp-appt" notice={visit.notice} pending={propose.isPending} error={propose.error} onSubmit={(v) => propose.mutate(v)} />
}

function Confirm({ repairId, visit }: { repairId: string; visit: Visit }) {
  const [agree, setAgree] = useState(false)
  const qc = useQueryClient()
  // Another time proposed meanwhile: show it (the server said what it is).
  const confirm = useConfirmVisit(repairId, {
    onError: (e) => { if (errorCode(e) === 'changed') void qc.invalidateQueries({ queryKey: visitKey(repairId) }) },
  })
  const short = errorCode(confirm.error) === 'short_notice'
  const tenant = visit.viewer === 'tenant'
  return (
    <form className="rp-form rp-confirm" noValidate onSubmit={(e) => { e.preventDefault(); confirm.mutate({ agreeShortNotice: agree, round: visit.job?.appointment?.round }) }}>
      <h3 className="rp-h3">Confirm the visit</h3>
      <p>{visit.job?.contractorName} proposes <strong>{visit.job?.appointment?.text}</strong>.</p>
      <p className="rp-small rp-muted">
        {tenant ? 'Confirming sends you the written notice of the visit by e-mail.' : 'Confirming sends the tenants the written notice of the visit by e-mail.'}
      </p>
      {tenant && short ? (
        <label className="rp-choice">
          <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
          <span>I agree to this visit at shorter notice than the {visit.notice.hours} hours the law gives me.</span>
        </label>
      ) : null}
      {confirm.isError ? <FormMessage kind="error">{errorMessage(confirm.error)}</FormMessage> : null}
      <div className="rp-actions">
        <button type="submit" className="button" disabled={confirm.isPending}>{confirm.isPending ? <ButtonSpinner /> : <CalendarCheck aria-hidden size={18} />} Confirm the visit</button>
      </div>
    </form>
  )
}

function Contact({ repairId, visit }: { repairId: string; visit: Visit }) {
  const [phone, setPhone] = useState(visit.phone ?? '')
  const share = useShareContact(repairId)
  const fields = errorFields(share.error)
  if (visit.phoneShared) {
    return (
      <p className="rp-small">
        Your phone number {formatPhone(visit.phone ?? '')} is shared with the contractor.{' '}
        <button type="button" className="button button--outline button--small" disabled={share.isPending} onClick={() => share.mutate({ share: false })}>Stop sharing it</button>
      </p>
    )
  }
  return (
    <form className="rp-form" noValidate onSubmit={(e) => { e.preventDefault(); share.mutate({ phone, share: true }) }}>
      <Field id="vp-phone" label="Your phone number for the contractor (optional)" error={fields.phone}
        hint="Only if you agree: the contractor sees it once they take the job, to arrange the visit.">
        <input id="vp-phone" type="tel" inputMode="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)}
          aria-invalid={!!fields.phone} aria-describedby={describedBy('vp-phone', { hint: 1, error: fields.phone })} />
      </Field>
      <div className="rp-actions">
        <button type="submit" className="button button--outline" disabled={share.isPending}>{share.isPending ? <ButtonSpinner /> : null}Share my number with the contractor</button>
      </div>
    </form>
  )
}
