// What the viewer may do with a repair now (the actions the API lists): the
// landlord triages (priority), books, records, assigns, holds, declines or
// closes; the tenant confirms, reopens or disputes. Plus the messages and the
// landlord's notice that a deadline cannot be met.
import { useState } from 'react'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { errorFields, errorMessage } from '../../../lib/errors'
import {
  useChangeRepair, usePostRepairMessage, usePostRepairNotice, useRepairForm,
  type Repair, type RepairChange,
} from '../api/repairs'
import { priorityText } from '../format'

export function StatusChange({ repair }: { repair: Repair }) {
  const form = useRepairForm()
  const [status, setStatus] = useState('')
  const [note, setNote] = useState('')
  const [reason, setReason] = useState('')
  const [priority, setPriority] = useState<string>(repair.priority)
  const [safetyWork, setSafetyWork] = useState(false)
  const change = useChangeRepair(repair.id, {
    onSuccess: () => {
      setStatus('')
      setNote('')
      setReason('')
    },
  })
  if (repair.actions.length === 0) return <p className="rp-muted">Nothing to do now.</p>
  const action = repair.actions.find((a) => a.status === status)
  const fields = errorFields(change.error)
  const reasons = status === 'declined' ? form.data?.declineReasons ?? [] : status === 'on_hold' ? form.data?.holdReasons ?? [] : []
  const priorityChanged = status === 'triaged' && priority !== repair.priority
  const noteLabel = status === 'investigated' ? 'Findings' : status === 'summary_sent' ? 'The summary the tenant receives' : 'Note'
  const noteNeeded = !!action?.needsNote || priorityChanged || status === 'investigated' || status === 'summary_sent'

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!status) return
    const body: RepairChange = { status: status as RepairChange['status'], from: repair.status }
    if (note) body.note = note
    if (reason) body.reason = reason
    if (status === 'triaged') body.priority = priority as RepairChange['priority']
    if (status === 'investigated') body.safetyWorkRequired = safetyWork
    change.mutate(body)
  }

  return (
    <form className="rp-form rp-change" onSubmit={submit} noValidate>
      <fieldset className="rp-fieldset">
        <legend>What to do</legend>
        {repair.actions.map((a) => (
          <label key={a.status} className="rp-choice">
            <input type="radio" name="rp-status" value={a.status} checked={status === a.status} onChange={() => setStatus(a.status)} />
            <span>{a.label}</span>
          </label>
        ))}
      </fieldset>
      {status === 'triaged' ? (
        <Field id="rp-priority" label="Priority" error={fields.priority} hint={`The report suggested ${(priorityText[repair.suggestedPriority] ?? repair.suggestedPriority).toLowerCase()}.`}>
          <select id="rp-priority" value={priority} onChange={(e) => setPriority(e.target.value)} aria-describedby={describedBy('rp-priority', { hint: 1, error: fields.priority })}>
            {(form.data?.priorities ?? ['emergency', 'urgent', 'routine']).map((p) => <option key={p} value={p}>{priorityText[p] ?? p}</option>)}
          </select>
        </Field>
      ) : null}
      {status === 'investigated' ? (
        <label className="rp-choice"><input type="checkbox" checked={safetyWork} onChange={(e) => setSafetyWork(e.target.checked)} /> <span>Safety work is needed</span></label>
      ) : null}
      {reasons.length > 0 ? (
        <Field id="rp-reason" label="Reason" error={fields.reason}>
          <select id="rp-reason" value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={!!fields.reason} aria-describedby={describedBy('rp-reason', { error: fields.reason })}>
            <option value="">Choose a reason</option>
            {reasons.map((r) => <option key={r.id} value={r.id}>{r.text}</option>)}
          </select>
        </Field>
      ) : null}
      {status ? (
        <Field id="rp-note" label={noteNeeded ? noteLabel : `${noteLabel} (optional)`} error={fields.note}>
          <textarea id="rp-note" rows={3} value={note} onChange={(e) => setNote(e.target.value)} aria-invalid={!!fields.note} aria-describedby={describedBy('rp-note', { error: fields.note })} />
        </Field>
      ) : null}
      {change.error ? <FormMessage kind="error">{errorMessage(change.error)}</FormMessage> : null}
      <div className="rp-actions">
        <button type="submit" className="button" disabled={!status || change.isPending}>
          {change.isPending ? <ButtonSpinner /> : null}
          {action ? action.label : 'Choose what to do'}
        </button>
      </div>
    </form>
  )
}

export function MessageForm({ repair }: { repair: Repair }) {
  const [body, setBody] = useState('')
  const post = usePostRepairMessage(repair.id, { onSuccess: () => setBody('') })
  const fields = errorFields(post.error)
  const e = fields.body ?? (post.error && !Object.keys(fields).length ? errorMessage(post.error) : undefined)
  return (
    <form
      className="rp-form rp-message-form"
      onSubmit={(ev) => {
        ev.preventDefault()
        post.mutate(body)
      }}
      noValidate
    >
      <Field id="rp-message" label={repair.viewer === 'landlord' ? 'Message to the tenant' : 'Message to your landlord'} error={e}>
        <textarea id="rp-message" rows={3} value={body} onChange={(ev) => setBody(ev.target.value)} aria-invalid={!!e} aria-describedby={describedBy('rp-message', { error: e })} />
      </Field>
      <div className="rp-actions">
        <button type="submit" className="button button--outline" disabled={post.isPending}>
          {post.isPending ? <ButtonSpinner /> : null}
          Send the message
        </button>
      </div>
    </form>
  )
}

export function NoticeForm({ repair }: { repair: Repair }) {
  const open = repair.deadlines.filter((d) => d.state === 'open')
  const [ruleId, setRuleId] = useState(open[0]?.ruleId ?? '')
  const [reason, setReason] = useState('')
  const [expectedBy, setExpectedBy] = useState('')
  const [mitigation, setMitigation] = useState('')
  const [sent, setSent] = useState(false)
  const post = usePostRepairNotice(repair.id, {
    onSuccess: () => {
      setReason('')
      setExpectedBy('')
      setMitigation('')
      setSent(true)
    },
  })
  if (open.length === 0) return null
  const fields = errorFields(post.error)
  return (
    <details className="rp-notice">
      <summary>Cannot meet this deadline?</summary>
      <p className="rp-small rp-muted">Tell the tenant before it passes: why, by when you expect to do it, and what you do meanwhile.</p>
      <form
        className="rp-form"
        onSubmit={(ev) => {
          ev.preventDefault()
          setSent(false)
          post.mutate({ ruleId, reason, expectedBy, mitigation })
        }}
        noValidate
      >
        <Field id="rp-n-rule" label="Deadline" error={fields.ruleId}>
          <select id="rp-n-rule" value={ruleId} onChange={(e) => setRuleId(e.target.value)}>
            {open.map((d) => <option key={d.ruleId} value={d.ruleId}>{d.label}</option>)}
          </select>
        </Field>
        <Field id="rp-n-reason" label="Why it cannot be met" error={fields.reason}>
          <textarea id="rp-n-reason" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={!!fields.reason} aria-describedby={describedBy('rp-n-reason', { error: fields.reason })} />
        </Field>
        <Field id="rp-n-by" label="Expected by" error={fields.expectedBy}>
          <input id="rp-n-by" type="date" value={expectedBy} onChange={(e) => setExpectedBy(e.target.value)} aria-invalid={!!fields.expectedBy} aria-describedby={describedBy('rp-n-by', { error: fields.expectedBy })} />
        </Field>
        <Field id="rp-n-meanwhile" label="What you do meanwhile" error={fields.mitigation}>
          <textarea id="rp-n-meanwhile" rows={2} value={mitigation} onChange={(e) => setMitigation(e.target.value)} aria-invalid={!!fields.mitigation} aria-describedby={describedBy('rp-n-meanwhile', { error: fields.mitigation })} />
        </Field>
        {post.error ? <FormMessage kind="error">{errorMessage(post.error)}</FormMessage> : null}
        {sent ? <FormMessage kind="success">The notice was sent to the tenant.</FormMessage> : null}
        <div className="rp-actions">
          <button type="submit" className="button button--outline" disabled={post.isPending}>
            {post.isPending ? <ButtonSpinner /> : null}
            Send the notice
          </button>
        </div>
      </form>
    </details>
  )
}
