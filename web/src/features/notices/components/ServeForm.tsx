// The landlord records how and when they served the prescribed form. The
// server counts the earliest day again from the day served and refuses a
// day that is now too early, with the reason beside the field.
import { useState, type FormEvent } from 'react'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { errorFields, errorMessage } from '../../../lib/errors'
import { todayInLondon } from '../../../lib/ukDay'
import { useServeIncrease, type NoticeLink, type RentIncrease, type RentIncreaseService } from '../api/notices'

export function ServeForm({ inc, methods }: { inc: RentIncrease; methods: NoticeLink[] }) {
  const [method, setMethod] = useState('')
  const [servedOn, setServedOn] = useState(todayInLondon())
  const [effectiveOn, setEffectiveOn] = useState(inc.effectiveOn)
  const serve = useServeIncrease(inc.id)
  const fields = serve.isError ? errorFields(serve.error) : {}
  const id = (name: string) => `nt-serve-${inc.id}-${name}`
  const submit = (e: FormEvent) => {
    e.preventDefault()
    serve.mutate({ method: method as RentIncreaseService['method'], servedOn, effectiveOn })
  }
  return (
    <form className="nt-serve" onSubmit={submit} noValidate aria-label="Record serving the notice">
      <h5 className="nt-h5">Once you have served the form</h5>
      <Field id={id('method')} label="How you served it" error={fields.method}>
        <select id={id('method')} value={method} onChange={(e) => setMethod(e.target.value)}
          aria-invalid={fields.method ? true : undefined} aria-describedby={describedBy(id('method'), { error: fields.method })}>
          <option value="">Choose how</option>
          {methods.map((m) => <option key={m.url} value={m.url}>{m.text}</option>)}
        </select>
      </Field>
      <Field id={id('served')} label="Day you served it" error={fields.servedOn}>
        <input id={id('served')} type="date" value={servedOn} max={todayInLondon()} onChange={(e) => setServedOn(e.target.value)}
          aria-invalid={fields.servedOn ? true : undefined} aria-describedby={describedBy(id('served'), { error: fields.servedOn })} />
      </Field>
      <Field id={id('effective')} label="Day the new rent starts" error={fields.effectiveOn}
        hint="Counted again from the day you served it: a posted notice counts as served two days after posting.">
        <input id={id('effective')} type="date" value={effectiveOn} onChange={(e) => setEffectiveOn(e.target.value)}
          aria-invalid={fields.effectiveOn ? true : undefined}
          aria-describedby={describedBy(id('effective'), { hint: true, error: fields.effectiveOn })} />
      </Field>
      {serve.isError && Object.keys(fields).length === 0 ? <FormMessage kind="error">{errorMessage(serve.error)}</FormMessage> : null}
      <button type="submit" className="button" disabled={serve.isPending} aria-busy={serve.isPending}>
        {serve.isPending ? <ButtonSpinner /> : null}Record that I served it
      </button>
    </form>
  )
}
