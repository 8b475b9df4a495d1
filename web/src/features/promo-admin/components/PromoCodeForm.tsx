// The Create New Promo Code and Update Promo Code form (spec 2 sections 2 and
// 5): Code, Starting from, Ending by, Discount and Active. The rules run
// before anything is sent; the server's refusals (a taken code, a field it
// rejects) show where they belong.
import { useRef, useState, type FormEvent } from 'react'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { errorFields, errorMessage } from '../../../lib/errors'
import { CODE_MAX, PROMO_FIELDS, promoProblems, toRequest, type PromoErrors, type PromoField, type PromoForm } from '../promoRules'
import { useSavePromoCode } from '../api/savePromoCode'
import { type PromoCode } from '../api/keys'

type Props = {
  /** id of the code being updated; none to create one. */
  id?: string
  initial: PromoForm
  submitLabel: string
  /** labelledBy names the form after its section heading. */
  labelledBy: string
  onSaved: (saved: PromoCode) => void
  onCancel?: () => void
}

const INPUT_ID: Record<PromoField, string> = {
  code: 'promo-code',
  startDate: 'promo-start',
  endDate: 'promo-end',
  discount: 'promo-discount',
}

export function PromoCodeForm({ id, initial, submitLabel, labelledBy, onSaved, onCancel }: Props) {
  const [form, setForm] = useState<PromoForm>(initial)
  const [errors, setErrors] = useState<PromoErrors>({})
  const [message, setMessage] = useState('')
  const formRef = useRef<HTMLFormElement>(null)
  const save = useSavePromoCode(id)

  function focusFirst(errs: PromoErrors) {
    const first = PROMO_FIELDS.find((f) => errs[f])
    if (first) formRef.current?.querySelector<HTMLInputElement>(`#${INPUT_ID[first]}`)?.focus()
  }

  function set<K extends keyof PromoForm>(key: K, value: PromoForm[K]) {
    setForm((f) => ({ ...f, [key]: value }))
    setMessage('')
    if (key !== 'active') setErrors((e) => (e[key as PromoField] ? { ...e, [key]: undefined } : e))
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    if (save.isPending) return
    setMessage('')
    const problems = promoProblems(form)
    setErrors(problems)
    if (Object.keys(problems).length > 0) {
      focusFirst(problems)
      return
    }
    save.mutate(toRequest(form), {
      onSuccess: onSaved,
      onError: (err) => {
        const fields = errorFields(err)
        const known: PromoErrors = {}
        for (const f of PROMO_FIELDS) if (fields[f]) known[f] = fields[f]
        if (Object.keys(known).length > 0) {
          setErrors(known)
          focusFirst(known)
        } else {
          setMessage(errorMessage(err))
        }
      },
    })
  }

  const input = (f: PromoField, hint?: boolean) => ({
    id: INPUT_ID[f],
    name: f,
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': describedBy(INPUT_ID[f], { hint, error: errors[f] }),
  })

  return (
    <form ref={formRef} className="promo-form" onSubmit={submit} noValidate aria-labelledby={labelledBy}>
      <FormMessage kind="error">{message}</FormMessage>
      <Field id={INPUT_ID.code} label="Code" error={errors.code} hint={`Up to ${CODE_MAX} characters, no spaces.`}>
        <input
          {...input('code', true)}
          type="text"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          maxLength={CODE_MAX}
          value={form.code}
          onChange={(e) => set('code', e.target.value)}
        />
      </Field>
      <div className="promo-form__row">
        <Field id={INPUT_ID.startDate} label="Starting from" error={errors.startDate}>
          <input {...input('startDate')} type="date" value={form.startDate} onChange={(e) => set('startDate', e.target.value)} />
        </Field>
        <Field id={INPUT_ID.endDate} label="Ending by" error={errors.endDate}>
          <input
            {...input('endDate')}
            type="date"
            min={form.startDate || undefined}
            value={form.endDate}
            onChange={(e) => set('endDate', e.target.value)}
          />
        </Field>
      </div>
      <div className="promo-form__discount">
        <Field id={INPUT_ID.discount} label="Discount" error={errors.discount} hint="Percent off, 1 to 100.">
          <div className="promo-form__percent">
            <input
              {...input('discount', true)}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              step={1}
              value={form.discount}
              onChange={(e) => set('discount', e.target.value)}
            />
            <span aria-hidden="true">%</span>
          </div>
        </Field>
      </div>
      <div className="promo-form__active">
        <input id="promo-active" name="active" type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} />
        <label htmlFor="promo-active">Active</label>
      </div>
      <div className="promo-form__actions">
        <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <ButtonSpinner /> : null}
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button--outline" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  )
}
