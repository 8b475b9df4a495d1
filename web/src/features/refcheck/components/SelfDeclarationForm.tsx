// The renter's self-declaration (spec 2: "Tenant reference-check form",
// section 4 "Self-declaration form", section 5 "Self-declaration"): read-only
// name and e-mail, mobile, date of birth, monthly net income, the previous
// property manager's e-mail and five declarations. CONTINUE TO REFERENCE
// CHECK looks and is announced as unavailable (aria-disabled) until the
// rules are met; pressing it then says which rule is missing, in the spec's
// words. While sending it is disabled with a spinner, and a second press is
// ignored. On success the browser goes to the returned URL (the bank's
// consent page): a full page navigation.
import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react'
import { Controller, useForm, useWatch, type Control } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'

import { ApiError } from '../../../lib/api'
import { useSendDeclaration } from '../api/renterDeclaration'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { LegalDialog, type LegalDoc } from '../../legal/components/LegalDialog'
import { DobField } from './DobField'
import {
  INCOME_MAX,
  MOBILE_MAX,
  MSG_UNEXPECTED,
  declarationPayload,
  declarationProblem,
  declarationSchema,
  digits,
  emptyDeclaration,
  type DeclarationForm,
} from '../declaration'
import { RightToRentDialog } from './RenterHelp'

/** leaveTo sends the browser to another page (the bank's), leaving the app. */
export function leaveTo(url: string) {
  window.location.assign(url)
}

type Props = {
  checkId: string
  renterId: string
  name: string
  email: string
  /** now is for tests (the year box's clamp). */
  now?: Date
}

type Tick = 'pet' | 'smoking' | 'rightToRentDoc' | 'agreeTnC'

export function SelfDeclarationForm({ checkId, renterId, name, email, now }: Props) {
  const form = useForm<DeclarationForm>({
    resolver: zodResolver(declarationSchema),
    defaultValues: emptyDeclaration(),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const values = useWatch({ control: form.control }) as DeclarationForm
  const problem = form.formState.errors.root?.message ?? ''
  const [leaving, setLeaving] = useState(false)
  const [legal, setLegal] = useState<LegalDoc>(null)
  const [rightToRent, setRightToRent] = useState(false)
  const problemId = useId()

  const send = useSendDeclaration(checkId, renterId, {
    onSuccess: (res) => {
      // Anything but success leaves the form editable again, with no message (spec 2 section 4).
      if (res?.status !== 'success' || !res.url) return
      setLeaving(true)
      leaveTo(res.url)
    },
    // The server's own refusal (under 18, not numbers, an expired link) is
    // shown as it is; anything else is the spec's catch-all.
    onError: (e) =>
      form.setError('root', { message: e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : MSG_UNEXPECTED }),
  })

  const busy = send.isPending || leaving
  const rule = declarationProblem(values)

  /** edited follows every change: the message goes. */
  const edited = () => form.clearErrors('root')

  const handle = form.handleSubmit((f) => send.mutate(declarationPayload(f)))
  function submit(e: FormEvent<HTMLFormElement>) {
    if (busy) {
      e.preventDefault()
      return
    }
    void handle(e)
  }

  /** digitBox is the mobile or income box: digits only, at most max. */
  const digitBox = (name: 'mobile' | 'estIncome', max: number, box: InputHTMLAttributes<HTMLInputElement> & { id: string }) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <input
          {...box}
          ref={field.ref}
          inputMode="numeric"
          maxLength={max}
          value={field.value}
          disabled={busy}
          aria-describedby={describedBy(box.id, { hint: true })}
          onBlur={field.onBlur}
          onChange={(e) => {
            field.onChange(digits(e.target.value, max))
            edited()
          }}
        />
      )}
    />
  )

  return (
    <section className="panel renter-form" aria-labelledby="renter-form-title">
      <h2 id="renter-form-title" className="renter-check__step-title">
        Your details
      </h2>
      <p className="renter-check__lead">
        Check your name and e-mail, then tell us a little about yourself. Next you will connect your bank so your income
        can be verified.
      </p>
      <form onSubmit={submit} noValidate aria-labelledby="renter-form-title">
        <div className="renter-form__grid">
          <Field id="renter-name" label="Full name">
            <input id="renter-name" value={name} readOnly />
          </Field>
          <Field id="renter-email" label="E-mail">
            <input id="renter-email" type="email" value={email} readOnly />
          </Field>
          <Field id="renter-mobile" label="Mobile number" hint="Digits only, for example 07700900123">
            {digitBox('mobile', MOBILE_MAX, { id: 'renter-mobile', type: 'tel', autoComplete: 'tel' })}
          </Field>
          <Field id="renter-income" label="Monthly net income (£)" hint="What you receive each month after tax, in whole pounds">
            {digitBox('estIncome', INCOME_MAX, { id: 'renter-income', autoComplete: 'off' })}
          </Field>
          <DobField
            value={values}
            now={now}
            disabled={busy}
            onChange={(v) => {
              form.setValue('day', v.day)
              form.setValue('month', v.month)
              form.setValue('year', v.year)
              edited()
            }}
          />
          <Field id="renter-prev" label="Previous property manager's e-mail (optional)">
            <Controller
              control={form.control}
              name="prevLandlordEmail"
              render={({ field }) => (
                <input
                  id="renter-prev"
                  ref={field.ref}
                  type="email"
                  autoComplete="off"
                  value={field.value}
                  disabled={busy}
                  onBlur={field.onBlur}
                  onChange={(e) => {
                    field.onChange(e.target.value)
                    edited()
                  }}
                />
              )}
            />
          </Field>
        </div>

        <fieldset className="renter-form__checks" disabled={busy}>
          <legend>Your declaration</legend>
          <Check id="renter-pet" control={form.control} name="pet" onEdit={edited}>
            I do not have pets
          </Check>
          <Check id="renter-smoking" control={form.control} name="smoking" onEdit={edited}>
            I do not smoke
          </Check>
          <Check id="renter-rtr" control={form.control} name="rightToRentDoc" onEdit={edited}>
            I have the{' '}
            <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setRightToRent(true)}>
              &apos;Right to Rent&apos;
            </button>{' '}
            documents
          </Check>
          <Check id="renter-terms" control={form.control} name="agreeTnC" onEdit={edited}>
            I agree to{' '}
            <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setLegal('terms')}>
              Terms of Service
            </button>{' '}
            and{' '}
            <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setLegal('privacy')}>
              Privacy Policy
            </button>
          </Check>
        </fieldset>

        {problem ? (
          <div id={problemId}>
            <FormMessage kind="error">{problem}</FormMessage>
          </div>
        ) : null}

        <div className="omni-actions">
          <button
            type="submit"
            className="button renter-form__submit"
            disabled={busy}
            aria-disabled={rule !== '' || undefined}
            aria-busy={busy}
            aria-describedby={problem ? problemId : undefined}
          >
            {busy ? <ButtonSpinner /> : null}
            CONTINUE TO REFERENCE CHECK
          </button>
        </div>
      </form>
      <RightToRentDialog open={rightToRent} onClose={() => setRightToRent(false)} />
      <LegalDialog doc={legal} onClose={() => setLegal(null)} />
    </section>
  )
}

function Check({
  id,
  control,
  name,
  onEdit,
  children,
}: {
  id: string
  control: Control<DeclarationForm>
  name: Tick
  onEdit: () => void
  children: ReactNode
}) {
  return (
    <div className="terms renter-form__check">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <input
            id={id}
            ref={field.ref}
            type="checkbox"
            checked={field.value}
            onBlur={field.onBlur}
            onChange={(e) => {
              field.onChange(e.target.checked)
              onEdit()
            }}
          />
        )}
      />
      <label htmlFor={id}>{children}</label>
    </div>
  )
}
