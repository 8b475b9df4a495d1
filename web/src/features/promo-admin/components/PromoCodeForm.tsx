// The Create New Promo Code and Update Promo Code form (spec 2 sections 2 and
// 5): Code, Starting from, Ending by, Discount and Active. The rules run
// before anything is sent; the server's refusals (a taken code, a field it
// rejects) show where they belong.
import type { FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { errorFields, errorMessage } from '../../../lib/errors'
import { CODE_MAX, PROMO_FIELDS, promoSchema, toRequest, type PromoField, type PromoForm } from '../promoRules'
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
  const form = useForm<PromoForm>({
    resolver: zodResolver(promoSchema),
    defaultValues: initial,
    reValidateMode: 'onSubmit',
  })
  const { errors } = form.formState
  const startDate = form.watch('startDate')
  const save = useSavePromoCode(id)

  /** Any edit clears the form's message, and that field's own. */
  const edited = (key: keyof PromoForm) => () => {
    form.clearErrors('root')
    if (key !== 'active') form.clearErrors(key)
  }

  // An invalid form sends nothing; its first problem gets the focus.
  const handle = form.handleSubmit((v) =>
    save.mutate(toRequest(v), {
      onSuccess: onSaved,
      onError: (err) => {
        const fields = errorFields(err)
        const known = PROMO_FIELDS.filter((f) => fields[f])
        if (known.length > 0) {
          for (const f of known) form.setError(f, { type: 'server', message: fields[f] })
          form.setFocus(known[0])
        } else {
          form.setError('root', { message: errorMessage(err) })
        }
      },
    }),
  )
  function submit(e: FormEvent<HTMLFormElement>) {
    if (save.isPending) {
      e.preventDefault()
      return
    }
    void handle(e)
  }

  const input = (f: PromoField, hint?: boolean) => ({
    id: INPUT_ID[f],
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': describedBy(INPUT_ID[f], { hint, error: errors[f]?.message }),
    ...form.register(f, { onChange: edited(f) }),
  })

  return (
    <form className="promo-form" onSubmit={submit} noValidate aria-labelledby={labelledBy}>
      <FormMessage kind="error">{errors.root?.message}</FormMessage>
      <Field id={INPUT_ID.code} label="Code" error={errors.code?.message} hint={`Up to ${CODE_MAX} characters, no spaces.`}>
        <input
          {...input('code', true)}
          type="text"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          maxLength={CODE_MAX}
        />
      </Field>
      <div className="promo-form__row">
        <Field id={INPUT_ID.startDate} label="Starting from" error={errors.startDate?.message}>
          <input {...input('startDate')} type="date" />
        </Field>
        <Field id={INPUT_ID.endDate} label="Ending by" error={errors.endDate?.message}>
          <input {...input('endDate')} type="date" min={startDate || undefined} />
        </Field>
      </div>
      <div className="promo-form__discount">
        <Field id={INPUT_ID.discount} label="Discount" error={errors.discount?.message} hint="Percent off, 1 to 100.">
          <div className="promo-form__percent">
            <input {...input('discount', true)} type="number" inputMode="numeric" min={1} max={100} step={1} />
            <span aria-hidden="true">%</span>
          </div>
        </Field>
      </div>
      <div className="promo-form__active">
        <input id="promo-active" type="checkbox" {...form.register('active', { onChange: edited('active') })} />
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
