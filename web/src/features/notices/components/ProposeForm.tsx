// The landlord proposes a new rent from the signed agreement. The server
// works out the earliest day the law allows and refuses an earlier one
// with the reason, shown beside the date; what was typed is kept.
import { useState, type FormEvent } from 'react'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { errorFields, errorMessage } from '../../../lib/errors'
import { useProposeIncrease, type NoticeTenancy } from '../api/notices'

/** penceOf reads whole pounds ('1,260' or '£1260'); anything else is sent as -1, which the server refuses with its message. */
export function penceOf(pounds: string): number {
  const clean = pounds.replace(/[£,\s]/g, '')
  return /^\d{1,7}$/.test(clean) ? Number(clean) * 100 : -1
}

export function ProposeForm({ tenancy }: { tenancy: NoticeTenancy }) {
  const [pounds, setPounds] = useState('')
  const [effectiveOn, setEffectiveOn] = useState('')
  const propose = useProposeIncrease(tenancy.id, { onSuccess: () => { setPounds(''); setEffectiveOn('') } })
  const fields = propose.isError ? errorFields(propose.error) : {}
  const next = tenancy.nextIncrease
  const id = (name: string) => `nt-propose-${tenancy.id}-${name}`
  const submit = (e: FormEvent) => {
    e.preventDefault()
    propose.mutate({ newRentPence: penceOf(pounds), effectiveOn })
  }
  return (
    <form className="nt-propose" onSubmit={submit} noValidate aria-label="Propose a new rent">
      {next ? (
        <div className="nt-note">
          <p>The earliest day a new rent can take effect is <strong>{next.text}</strong>:</p>
          <ul className="nt-list">
            {next.limits.map((l) => <li key={l.key}>{l.reason}</li>)}
          </ul>
          <p className="nt-small">{next.note}</p>
        </div>
      ) : null}
      <Field id={id('rent')} label={`New rent, in whole pounds ${tenancy.rentPeriod === 'weekly' ? 'a week' : 'a month'}`} error={fields.newRentPence}
        hint={`The current rent is ${tenancy.rent}.`}>
        <input id={id('rent')} inputMode="numeric" autoComplete="off" value={pounds} onChange={(e) => setPounds(e.target.value)}
          aria-invalid={fields.newRentPence ? true : undefined}
          aria-describedby={describedBy(id('rent'), { hint: true, error: fields.newRentPence })} />
      </Field>
      <Field id={id('date')} label="Day the new rent starts (optional)" error={fields.effectiveOn}
        hint="Leave it empty for the earliest day the law allows.">
        <input id={id('date')} type="date" value={effectiveOn} min={next?.date} onChange={(e) => setEffectiveOn(e.target.value)}
          aria-invalid={fields.effectiveOn ? true : undefined}
          aria-describedby={describedBy(id('date'), { hint: true, error: fields.effectiveOn })} />
      </Field>
      {propose.isError && Object.keys(fields).length === 0 ? <FormMessage kind="error">{errorMessage(propose.error)}</FormMessage> : null}
      <button type="submit" className="button" disabled={propose.isPending} aria-busy={propose.isPending}>
        {propose.isPending ? <ButtonSpinner /> : null}Prepare the notice
      </button>
    </form>
  )
}
