// The sandbox provider's card form (spec 2 section 2, "Payment screen"):
// billing address, name on card, number, expiry and CVC, sent to our server
// (POST /api/orders/{id}/sandbox-payment), which answers like Stripe's test
// cards. A refusal shows the provider's message in red under the card
// fields (spec 2 section 5, "Card form").
import { useState, type FormEvent } from 'react'

import { Lock } from 'lucide-react'
import { useSandboxPayment } from '../api/payOrder'
import { ButtonSpinner } from '../../../components/Form'
import { BillingFields, EMPTY_BILLING, billingMissing, trimBilling, type Billing } from './BillingFields'
import type { CardFormProps } from '../cardForm'
import { MSG_FILL_ALL, PAY_LABEL } from '../messages'
import { useCodesWithdrawn } from '../api/codesWithdrawn'
import { fetchOrder } from '../api/order'
import { errorCode, errorMessage } from '../../../lib/errors'

/** formatCardNumber keeps up to 19 digits, in groups of four. */
export function formatCardNumber(s: string): string {
  return s
    .replace(/\D+/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** formatExpiry turns typed digits into 'MM / YY'. */
export function formatExpiry(s: string, prev = ''): string {
  let d = s.replace(/\D+/g, '').slice(0, 4)
  if (d.length === 1 && Number(d) > 1) d = '0' + d
  if (d.length <= 2) return d.length === 2 && s.length > prev.length ? `${d} / ` : d
  return `${d.slice(0, 2)} / ${d.slice(2)}`
}

/** parseExpiry reads 'MM / YY' (or MM/YYYY) as month and year; 0s when it cannot. */
export function parseExpiry(s: string): { expMonth: number; expYear: number } {
  const d = s.replace(/\D+/g, '')
  if (d.length !== 4 && d.length !== 6) return { expMonth: 0, expYear: 0 }
  return { expMonth: Number(d.slice(0, 2)), expYear: Number(d.slice(2)) }
}

export function SandboxCardForm({ order, onPaid, firstFieldId }: CardFormProps) {
  const [billing, setBilling] = useState<Billing>(EMPTY_BILLING)
  const [name, setName] = useState('')
  const [number, setNumber] = useState('')
  const [expiry, setExpiry] = useState('')
  const [cvc, setCvc] = useState('')
  const [error, setError] = useState('')
  const [missing, setMissing] = useState(false)

  const withdrawn = useCodesWithdrawn(order.id)
  const pay = useSandboxPayment(order.id, {
    onSuccess: (res) => onPaid(res.order, res.provider),
    // A promo code withdrawn meanwhile: the message says which and the new
    // total, and the basket reloads to show it before the buyer pays again.
    onError: (e) => {
      // Paid already (a second tap, another tab): the payment that counted
      // is shown as this one's result; no second charge was taken.
      if (errorCode(e) === 'already_paid') {
        void fetchOrder(order.id).then(
          (res) => onPaid(res.order, res.provider),
          () => setError(errorMessage(e)),
        )
        return
      }
      withdrawn(e)
      setError(errorMessage(e))
    },
  })

  function setB(k: keyof Billing, v: string) {
    setBilling((b) => ({ ...b, [k]: v }))
    setError('')
  }

  const cardEmpty = !number.trim() || !expiry.trim() || !cvc.trim()

  function submit(e: FormEvent) {
    e.preventDefault()
    if (pay.isPending || cardEmpty) return
    if (billingMissing(billing, name)) {
      setMissing(true)
      setError(MSG_FILL_ALL)
      return
    }
    setMissing(false)
    setError('')
    pay.mutate({ ...submitBody({ billing, name, number, expiry, cvc }), expectedTotalPence: order.totalPence })
  }

  const invalid = (v: string) => (missing && !v.trim() ? true : undefined)
  const id = (s: string) => `card-${s}`

  return (
    <form className="card-form" onSubmit={submit} noValidate>
      <BillingFields billing={billing} onChange={setB} missing={missing} firstFieldId={firstFieldId} />

      <fieldset className="card-form__group">
        <legend>Card details</legend>
        <div className="field">
          <label htmlFor={id('name')}>Name on card</label>
          <input
            id={id('name')}
            autoComplete="cc-name"
            value={name}
            aria-invalid={invalid(name)}
            onChange={(e) => {
              setName(e.target.value)
              setError('')
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={id('number')}>Card number</label>
          <input
            id={id('number')}
            autoComplete="cc-number"
            inputMode="numeric"
            placeholder="1234 1234 1234 1234"
            value={number}
            aria-describedby={error ? 'card-error' : undefined}
            onChange={(e) => {
              setNumber(formatCardNumber(e.target.value))
              setError('')
            }}
          />
        </div>
        <div className="card-form__row">
          <div className="field">
            <label htmlFor={id('expiry')}>Expiry (MM / YY)</label>
            <input
              id={id('expiry')}
              autoComplete="cc-exp"
              inputMode="numeric"
              placeholder="MM / YY"
              value={expiry}
              onChange={(e) => {
                setExpiry(formatExpiry(e.target.value, expiry))
                setError('')
              }}
            />
          </div>
          <div className="field">
            <label htmlFor={id('cvc')}>CVC</label>
            <input
              id={id('cvc')}
              autoComplete="cc-csc"
              inputMode="numeric"
              placeholder="123"
              value={cvc}
              onChange={(e) => {
                setCvc(e.target.value.replace(/\D+/g, '').slice(0, 4))
                setError('')
              }}
            />
          </div>
        </div>
        {error ? (
          <p id="card-error" className="card-form__error" role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>

      <button type="submit" className="button button--block" disabled={pay.isPending || cardEmpty} aria-busy={pay.isPending}>
        {pay.isPending ? <ButtonSpinner /> : <Lock aria-hidden size={18} />}
        {PAY_LABEL}
      </button>
    </form>
  )
}

function submitBody(v: { billing: Billing; name: string; number: string; expiry: string; cvc: string }) {
  return {
    name: v.name.trim(),
    number: v.number.replace(/\s+/g, ''),
    ...parseExpiry(v.expiry),
    cvc: v.cvc,
    billing: trimBilling(v.billing),
  }
}
