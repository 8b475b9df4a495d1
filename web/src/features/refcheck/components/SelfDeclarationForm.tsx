// The renter's self-declaration (spec 2: "Tenant reference-check form",
// section 4 "Self-declaration form", section 5 "Self-declaration"): read-only
// name and e-mail, mobile, date of birth, monthly net income, the previous
// property manager's e-mail and five declarations. CONTINUE TO REFERENCE
// CHECK looks and is announced as unavailable (aria-disabled) until the
// rules are met; pressing it then says which rule is missing, in the spec's
// words. While sending it is disabled with a spinner, and a second press is
// ignored. On success the browser goes to the returned URL (the bank's
// consent page): a full page navigation.
import { useId, useState, type FormEvent, type ReactNode } from 'react'

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

export function SelfDeclarationForm({ checkId, renterId, name, email, now }: Props) {
  const [form, setForm] = useState<DeclarationForm>(emptyDeclaration)
  const [problem, setProblem] = useState('')
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
    onError: (e) => setProblem(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : MSG_UNEXPECTED),
  })

  const busy = send.isPending || leaving
  const rule = declarationProblem(form)

  function update(f: Partial<DeclarationForm>) {
    setForm((x) => ({ ...x, ...f }))
    setProblem('')
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    if (busy) return
    setProblem(rule)
    if (!rule) send.mutate(declarationPayload(form))
  }

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
            <input
              id="renter-mobile"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={MOBILE_MAX}
              value={form.mobile}
              disabled={busy}
              aria-describedby={describedBy('renter-mobile', { hint: true })}
              onChange={(e) => update({ mobile: digits(e.target.value, MOBILE_MAX) })}
            />
          </Field>
          <Field id="renter-income" label="Monthly net income (£)" hint="What you receive each month after tax, in whole pounds">
            <input
              id="renter-income"
              inputMode="numeric"
              autoComplete="off"
              maxLength={INCOME_MAX}
              value={form.estIncome}
              disabled={busy}
              aria-describedby={describedBy('renter-income', { hint: true })}
              onChange={(e) => update({ estIncome: digits(e.target.value, INCOME_MAX) })}
            />
          </Field>
          <DobField
            value={form}
            now={now}
            disabled={busy}
            onChange={(v) => update({ day: v.day, month: v.month, year: v.year })}
          />
          <Field id="renter-prev" label="Previous property manager's e-mail (optional)">
            <input
              id="renter-prev"
              type="email"
              autoComplete="off"
              value={form.prevLandlordEmail}
              disabled={busy}
              onChange={(e) => update({ prevLandlordEmail: e.target.value })}
            />
          </Field>
        </div>

        <fieldset className="renter-form__checks" disabled={busy}>
          <legend>Your declaration</legend>
          <Check id="renter-pet" checked={form.pet} onChange={(v) => update({ pet: v })}>
            I do not have pets
          </Check>
          <Check id="renter-smoking" checked={form.smoking} onChange={(v) => update({ smoking: v })}>
            I do not smoke
          </Check>
          <Check id="renter-dependents" checked={form.noDependents} onChange={(v) => update({ noDependents: v })}>
            I do not have any dependents
          </Check>
          <Check id="renter-rtr" checked={form.rightToRentDoc} onChange={(v) => update({ rightToRentDoc: v })}>
            I have the{' '}
            <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setRightToRent(true)}>
              &apos;Right to Rent&apos;
            </button>{' '}
            documents
          </Check>
          <Check id="renter-terms" checked={form.agreeTnC} onChange={(v) => update({ agreeTnC: v })}>
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

function Check({ id, checked, onChange, children }: { id: string; checked: boolean; onChange: (v: boolean) => void; children: ReactNode }) {
  return (
    <div className="terms renter-form__check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{children}</label>
    </div>
  )
}
