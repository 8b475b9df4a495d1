// A proposed visit: the day, and the window's start and end (UK time). The
// least notice is said before the fields; the server refuses a time in the
// past or inside it, with a message that says from when.
import { useState } from 'react'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { errorFields, errorMessage } from '../../../lib/errors'
import type { AppointmentInput } from '../api/visits'
import { ukDateTime } from '../format'
import { ukDateTimeLocal } from '../visitFormat'

type Notice = { hours: number; earliest: string; waived: boolean; source: string }

export function AppointmentForm({ idPrefix, notice, pending, error, onSubmit, submitLabel = 'Propose this time' }: {
  idPrefix: string
  notice: Notice
  pending: boolean
  error: unknown
  onSubmit: (v: AppointmentInput) => void
  submitLabel?: string
}) {
  // The first day a 10:00 visit is allowed.
  const earliest = ukDateTimeLocal(notice.earliest)
  const [day, setDay] = useState(() => (notice.waived || earliest.slice(11) <= '10:00' ? earliest.slice(0, 10) : nextDay(earliest.slice(0, 10))))
  const [from, setFrom] = useState('10:00')
  const [to, setTo] = useState('12:00')
  const fields = errorFields(error)
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    onSubmit({ start: `${day}T${from}`, end: `${day}T${to}` })
  }
  const id = (s: string) => `${idPrefix}-${s}`
  return (
    <form className="rp-form" onSubmit={submit} noValidate>
      <p className="rp-small rp-muted">
        {notice.waived
          ? 'This repair is an emergency: the visit may be as soon as needed.'
          : `The tenant must have at least ${notice.hours} hours' notice: a visit can start from ${ukDateTime(notice.earliest)} (UK time), sooner only if the tenant agrees.`}
      </p>
      <Field id={id('day')} label="Day" error={fields.start}>
        <input id={id('day')} type="date" value={day} onChange={(e) => setDay(e.target.value)} aria-invalid={!!fields.start}
          aria-describedby={describedBy(id('day'), { error: fields.start })} />
      </Field>
      <div className="rp-times">
        <Field id={id('from')} label="From (UK time)">
          <input id={id('from')} type="time" value={from} step={900} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field id={id('to')} label="To (UK time)" error={fields.end}>
          <input id={id('to')} type="time" value={to} step={900} onChange={(e) => setTo(e.target.value)} aria-invalid={!!fields.end}
            aria-describedby={describedBy(id('to'), { error: fields.end })} />
        </Field>
      </div>
      {error && !fields.start && !fields.end ? <FormMessage kind="error">{errorMessage(error)}</FormMessage> : null}
      <div className="rp-actions">
        <button type="submit" className="button" disabled={pending}>{pending ? <ButtonSpinner /> : null}{submitLabel}</button>
      </div>
    </form>
  )
}

function nextDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}
