// The landlord proposes a deduction on an item of the signed check-out:
// the reason, the cost in pounds and pence (sent as pence), and for a
// reason apportioned the kind of item and its age, so the tenants are not
// charged for fair wear and tear. The server computes the charge and
// refuses a total above the deposit, with the reason beside the field.
import { useState, type FormEvent } from 'react'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { errorFields, errorMessage } from '../../../lib/errors'
import { useAddDeduction, type Deductions } from '../api/deposit'

/** penceOf reads "12.50" or "£1,200" as integer pence; NaN when it is not an amount. */
export function penceOf(text: string): number {
  const t = text.replace(/[£,\s]/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return NaN
  const [pounds, pence = ''] = t.split('.')
  return Number(pounds) * 100 + Number(pence.padEnd(2, '0'))
}

export function DeductionForm({ d }: { d: Deductions }) {
  const [itemKey, setItemKey] = useState('')
  const [reason, setReason] = useState('')
  const [cost, setCost] = useState('')
  const [itemType, setItemType] = useState('')
  const [age, setAge] = useState('')
  const [note, setNote] = useState('')
  const add = useAddDeduction(d.tenancyId, {
    onSuccess: () => { setItemKey(''); setReason(''); setCost(''); setItemType(''); setAge(''); setNote('') },
  })
  const fields = add.isError ? errorFields(add.error) : {}
  const chosen = (d.reasons ?? []).find((r) => r.key === reason)
  const apportion = chosen?.apportion ?? false
  // Rent arrears: the server reads the amount from the wallet's rent statement; nothing to type.
  const fromWallet = chosen?.fromWallet ?? false
  const id = (n: string) => `dd-${d.tenancyId}-${n}`
  const aria = (n: string, error?: string, hint?: boolean) => ({
    id: id(n), 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id(n), { error, hint }),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (fromWallet) {
      add.mutate({ reason, note, costPence: 0 })
      return
    }
    const pence = penceOf(cost)
    add.mutate({
      itemKey, reason, note, costPence: Number.isNaN(pence) ? (cost as unknown as number) : pence,
      ...(apportion ? { itemType, ageMonths: age === '' ? (undefined as unknown as number) : Number(age) } : {}),
    })
  }
  return (
    <form className="dp-form" onSubmit={submit} noValidate aria-label="Propose a deduction">
      <h4 className="dd-h4">Propose a deduction</h4>
      {fromWallet ? null : <Field id={id('item')} label="Item of the check-out report" error={fields.itemKey}>
        <select {...aria('item', fields.itemKey)} value={itemKey} onChange={(e) => setItemKey(e.target.value)}>
          <option value="">Choose the item</option>
          {(d.items ?? []).map((it) => (
            <option key={it.key} value={it.key}>{it.item ? `${it.room}: ${it.item}` : it.room}{it.change === 'worse' ? ' (worse)' : it.change === 'missing' ? ' (missing)' : ''}</option>
          ))}
        </select>
      </Field>}
      <Field id={id('reason')} label="Reason" error={fields.reason}
        hint={fromWallet ? 'The amount is read from your wallet’s rent statement for this home: the rent due under the agreement up to the check-out, less the rent you recorded as received. Record any rent received in the wallet first.' : undefined}>
        <select {...aria('reason', fields.reason, fromWallet)} value={reason} onChange={(e) => setReason(e.target.value)}>
          <option value="">Choose the reason</option>
          {(d.reasons ?? []).map((r) => <option key={r.key} value={r.key}>{r.name}{r.fromWallet ? ' (from the wallet)' : ''}</option>)}
        </select>
      </Field>
      {fromWallet ? null : (
        <Field id={id('cost')} label="Cost (£), from the quote or invoice" error={fields.costPence}>
          <input {...aria('cost', fields.costPence)} inputMode="decimal" value={cost} onChange={(e) => setCost(e.target.value)} autoComplete="off" />
        </Field>
      )}
      {fromWallet && fields.costPence ? <FormMessage kind="error">{fields.costPence}</FormMessage> : null}
      {apportion ? (
        <>
          <Field id={id('type')} label="Kind of item" error={fields.itemType}
            hint="Its expected life: the tenants pay only for the part of its life they cut short.">
            <select {...aria('type', fields.itemType, true)} value={itemType} onChange={(e) => setItemType(e.target.value)}>
              <option value="">Choose the kind</option>
              {(d.lives ?? []).map((l) => <option key={l.type} value={l.type}>{l.name} (expected to last {l.months} months)</option>)}
            </select>
          </Field>
          <Field id={id('age')} label="Its age at check-out, in months" error={fields.ageMonths}>
            <input {...aria('age', fields.ageMonths)} inputMode="numeric" value={age} onChange={(e) => setAge(e.target.value)} autoComplete="off" />
          </Field>
        </>
      ) : null}
      <Field id={id('note')} label="What is wrong (optional)" error={fields.note}>
        <textarea {...aria('note', fields.note)} value={note} maxLength={500} rows={2} onChange={(e) => setNote(e.target.value)} />
      </Field>
      {add.isError && Object.keys(fields).length === 0 ? <FormMessage kind="error">{errorMessage(add.error)}</FormMessage> : null}
      <button type="submit" className="button" disabled={add.isPending} aria-busy={add.isPending}>
        {add.isPending ? <ButtonSpinner /> : null}Propose this deduction
      </button>
    </form>
  )
}
