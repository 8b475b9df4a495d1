// The landlord records the deposit's protection: the scheme, its reference,
// the day it was protected and the day the prescribed information was
// given. The server checks each day (not in the future, not before the
// deposit was received) and answers the reason beside the field.
import { useState, type FormEvent } from 'react'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { errorFields, errorMessage } from '../../../lib/errors'
import { todayInLondon } from '../../../lib/ukDay'
import { useProtect, type DepositTenancy } from '../api/deposit'

export function ProtectionForm({ tenancy, onDone }: { tenancy: DepositTenancy; onDone?: () => void }) {
  const p = tenancy.protection
  const [scheme, setScheme] = useState(p.scheme ?? '')
  const [reference, setReference] = useState(p.reference ?? '')
  const [protectedOn, setProtectedOn] = useState(p.protectedOn ?? '')
  const [infoServedOn, setInfoServedOn] = useState(p.infoServedOn ?? '')
  const save = useProtect(tenancy.id, { onSuccess: () => onDone?.() })
  const fields = save.isError ? errorFields(save.error) : {}
  const id = (name: string) => `dp-${tenancy.id}-${name}`
  const input = (name: string, error?: string, hint?: boolean) => ({
    id: id(name), 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id(name), { error, hint }),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate({ scheme, reference, protectedOn, infoServedOn })
  }
  return (
    <form className="dp-form" onSubmit={submit} noValidate aria-label="Record the deposit's protection">
      <Field id={id('scheme')} label="Scheme" error={fields.scheme}>
        <select {...input('scheme', fields.scheme)} value={scheme} onChange={(e) => setScheme(e.target.value)}>
          <option value="">Choose the scheme</option>
          {(tenancy.schemes ?? []).map((s) => <option key={s.name} value={s.name}>{s.name}</option>)}
        </select>
      </Field>
      <Field id={id('reference')} label="The scheme's reference" error={fields.reference}>
        <input {...input('reference', fields.reference)} value={reference} maxLength={60} autoComplete="off"
          onChange={(e) => setReference(e.target.value)} />
      </Field>
      <Field id={id('protected')} label="Day the scheme protected it" error={fields.protectedOn}>
        <input {...input('protected', fields.protectedOn)} type="date" value={protectedOn} max={todayInLondon()}
          onChange={(e) => setProtectedOn(e.target.value)} />
      </Field>
      <Field id={id('info')} label="Day you gave the tenants the prescribed information" error={fields.infoServedOn}
        hint="Leave it empty until you have given it.">
        <input {...input('info', fields.infoServedOn, true)} type="date" value={infoServedOn} max={todayInLondon()}
          onChange={(e) => setInfoServedOn(e.target.value)} />
      </Field>
      {save.isError && Object.keys(fields).length === 0 ? <FormMessage kind="error">{errorMessage(save.error)}</FormMessage> : null}
      <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? <ButtonSpinner /> : null}Save the protection
      </button>
    </form>
  )
}
