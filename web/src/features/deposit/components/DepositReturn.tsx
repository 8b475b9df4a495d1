// The deposit back (issue 45): once every tenant has answered every
// deduction the landlord records the day the deposit was returned (once:
// not in the future, not before the check-out); the page then shows both
// sides what went back, what was kept and what is held until the scheme's
// dispute service decides. The wallet books it from the server.
import { useState, type FormEvent } from 'react'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { errorFields, errorMessage } from '../../../lib/errors'
import { useRecordReturn, type Deductions } from '../api/deposit'

function Recorded({ d }: { d: Deductions }) {
  const r = d.return
  if (!r) return null
  return (
    <section className="dd-return" aria-label="The deposit’s return">
      <h4 className="dd-h4">The deposit’s return</h4>
      <dl className="dp-facts">
        <div><dt>Returned on</dt><dd>{r.returnedOnText}</dd></div>
        <div><dt>Returned to the tenants</dt><dd><strong>{r.returnedText}</strong></dd></div>
        <div><dt>Deductions kept</dt><dd>{r.keptText}</dd></div>
        <div><dt>Held until the scheme decides</dt><dd>{r.heldText}</dd></div>
      </dl>
      <ul className="dd-shares">
        {r.shares.map((s) => (
          <li key={s.name}><strong>{s.name}</strong>: {s.returnedText} returned{s.heldText !== '£0.00' ? `, ${s.heldText} held` : ''}</li>
        ))}
      </ul>
      <p className="dp-note">{r.note}</p>
      <p className="dp-muted dp-small">Recorded {r.recordedText}.</p>
    </section>
  )
}

export function ReturnForm({ d }: { d: Deductions }) {
  const [on, setOn] = useState(d.today)
  const record = useRecordReturn(d.tenancyId)
  const fields = record.isError ? errorFields(record.error) : {}
  const id = `dd-${d.tenancyId}-returned`
  const submit = (e: FormEvent) => {
    e.preventDefault()
    record.mutate({ returnedOn: on })
  }
  const held = d.disputedText !== '£0.00'
  return (
    <form className="dp-form dd-return" onSubmit={submit} noValidate aria-label="Record the return">
      <h4 className="dd-h4">Record the return</h4>
      <p>
        Return each tenant the amount under “Returned” above ({d.shares.map((s) => `${s.name} ${s.returnText}`).join(', ')}).
        {held ? ` The disputed ${d.disputedText} is held until the scheme’s free dispute service decides.` : ''}
        {' '}Once recorded it cannot be changed, and your wallet shows the deductions kept and the deposit returned.
      </p>
      <Field id={id} label="The day you returned the deposit" error={fields.returnedOn}>
        <input id={id} type="date" value={on} min={d.returnFrom || undefined} max={d.today} onChange={(e) => setOn(e.target.value)}
          aria-invalid={fields.returnedOn ? true : undefined} aria-describedby={describedBy(id, { error: fields.returnedOn })} />
      </Field>
      {record.isError && !fields.returnedOn ? <FormMessage kind="error">{errorMessage(record.error)}</FormMessage> : null}
      <button type="submit" className="button" disabled={record.isPending} aria-busy={record.isPending}>
        {record.isPending ? <ButtonSpinner /> : null}Record the return
      </button>
    </form>
  )
}

export function DepositReturn({ d }: { d: Deductions }) {
  if (d.return) return <Recorded d={d} />
  return d.role === 'landlord' && d.canReturn ? <ReturnForm d={d} /> : null
}
