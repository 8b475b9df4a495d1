// The Stripe provider's card form (spec 2 section 2, "Payment screen"): the
// same billing address and name on card as the sandbox form, then Stripe's
// own card number, expiry and CVC fields (in Stripe's iframes: card details
// never reach our server), and MAKE CARD PAYMENT.
//
// The server makes the PaymentIntent for the order's total
// (POST /api/orders/{id}/card-payment), again whenever the basket changes;
// the browser confirms it with stripe.confirmCardPayment and then asks for
// the order (GET /api/orders/{id}, which checks with Stripe) until it is
// paid. A refusal shows Stripe's message in red under the card fields, like
// the sandbox's decline (spec 2 section 5, "Card form"); a payment the
// server has not recorded within about 30 s is 'Payment was not saved
// successfully.' (spec 2 section 8), with a retry.
//
// This module is loaded lazily (CardStep), so Stripe.js and its React
// bindings are only fetched by a buyer who reaches a Stripe card step.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { CardCvcElement, CardExpiryElement, CardNumberElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import {
  loadStripe,
  type Stripe,
  type StripeCardCvcElementChangeEvent,
  type StripeCardExpiryElementChangeEvent,
  type StripeCardNumberElementChangeEvent,
  type StripeElementStyle,
  type StripeElementsOptions,
} from '@stripe/stripe-js'
import { Lock } from 'lucide-react'
import type { components } from '../../../lib/api-schema'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { GENERIC_ERROR, errorCode, errorMessage } from '../../../lib/errors'
import { BillingFields, EMPTY_BILLING, billingMissing, trimBilling, type Billing } from './BillingFields'
import type { CardFormProps } from '../cardForm'
import { MSG_CARD_UNAVAILABLE, MSG_FILL_ALL, MSG_NOT_SAVED, PAY_LABEL, RETRY_LABEL } from '../messages'
import { orderKey, type OrderState } from '../api/keys'
import { fetchOrder } from '../api/order'
import { useCardPayment } from '../api/cardPayment'

type CardPayment = components['schemas']['CardPaymentResponse']

/** paidPolling is how often and how long the order is asked for after Stripe took the payment. */
export const paidPolling = { everyMs: 1500, forMs: 30_000 }

// Stripe.js is one instance per publishable key for the page's life.
const stripes = new Map<string, Promise<Stripe>>()

function stripeFor(publishableKey: string): Promise<Stripe> {
  let p = stripes.get(publishableKey)
  if (!p) {
    p = loadStripe(publishableKey).then((s) => {
      if (!s) throw new Error('Stripe.js is not available')
      return s
    })
    // A failed load (offline, blocked) may be tried again.
    p.catch(() => stripes.delete(publishableKey))
    stripes.set(publishableKey, p)
  }
  return p
}

/** waitUntilPaid asks for the order until it is paid (null when the time is up or signal ends it). */
async function waitUntilPaid(id: string, signal: AbortSignal): Promise<OrderState | null> {
  const until = Date.now() + paidPolling.forMs
  for (;;) {
    try {
      const res = await fetchOrder(id)
      if (res.order.status === 'paid') return res
    } catch {
      // A failed look is asked again until the time is up.
    }
    if (signal.aborted || Date.now() + paidPolling.everyMs > until) return null
    await pause(paidPolling.everyMs, signal)
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t)
        resolve()
      },
      { once: true },
    )
  })
}

// Stripe's fields live in iframes: they take the page's look from here.
const FIELD_STYLE: StripeElementStyle = {
  base: {
    color: '#14213d',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Liberation Sans', Arial, sans-serif",
    fontSize: '16px',
    '::placeholder': { color: '#757575' },
  },
  invalid: { color: '#b42318', iconColor: '#b42318' },
}
const ELEMENTS_OPTIONS: StripeElementsOptions = { locale: 'en-GB' }
const NUMBER_OPTIONS = { style: FIELD_STYLE, showIcon: true, placeholder: '1234 1234 1234 1234' }
const EXPIRY_OPTIONS = { style: FIELD_STYLE, placeholder: 'MM / YY' }
const CVC_OPTIONS = { style: FIELD_STYLE, placeholder: '123' }

export default function StripeCardForm(props: CardFormProps) {
  const intent = useCardPayment(props.order)
  // The key is the same for every PaymentIntent; kept while a new one is asked for.
  const [publishableKey, setPublishableKey] = useState('')
  const answeredKey = intent.data?.publishableKey ?? ''
  useEffect(() => {
    if (answeredKey) setPublishableKey((k) => k || answeredKey)
  }, [answeredKey])
  const stripe = useQuery({
    queryKey: ['stripe-js', publishableKey],
    queryFn: () => stripeFor(publishableKey),
    enabled: publishableKey !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    structuralSharing: false,
    refetchOnWindowFocus: false,
  })
  return (
    // Elements takes the Stripe object once, when it has loaded.
    <Elements stripe={stripe.data ?? null} options={ELEMENTS_OPTIONS}>
      <CardForm {...props} intent={intent} stripeFailed={stripe.isError} reloadStripe={() => void stripe.refetch()} />
    </Elements>
  )
}

type CardField = 'cardNumber' | 'cardExpiry' | 'cardCvc'
type FieldState = { empty: boolean; error: string }
type FieldChange = StripeCardNumberElementChangeEvent | StripeCardExpiryElementChangeEvent | StripeCardCvcElementChangeEvent

const UNTOUCHED: Record<CardField, FieldState> = {
  cardNumber: { empty: true, error: '' },
  cardExpiry: { empty: true, error: '' },
  cardCvc: { empty: true, error: '' },
}

type Phase = 'idle' | 'paying' | 'checking' | 'unsaved'

function CardForm({
  order,
  onPaid,
  firstFieldId,
  intent,
  stripeFailed,
  reloadStripe,
}: CardFormProps & { intent: UseQueryResult<CardPayment>; stripeFailed: boolean; reloadStripe: () => void }) {
  const stripe = useStripe()
  const elements = useElements()
  const qc = useQueryClient()
  const [billing, setBilling] = useState<Billing>(EMPTY_BILLING)
  const [name, setName] = useState('')
  const [fields, setFields] = useState(UNTOUCHED)
  const [error, setError] = useState('')
  const [missing, setMissing] = useState(false)
  const [phase, setPhase] = useState<Phase>('idle')
  const stop = useRef<AbortController | null>(null)

  useEffect(() => {
    const c = new AbortController()
    stop.current = c
    return () => c.abort()
  }, [])

  const problem = intent.isError ? errorCode(intent.error) : ''
  const [codesNotice, setCodesNotice] = useState('')
  // Paid already (another tab, or a payment whose record was late): the
  // order is asked for as after a payment. Free now: the screen is told,
  // and shows its purchase button instead of this step.
  useEffect(() => {
    if (problem === 'already_paid') void check()
    else if (problem === 'free_order') void qc.invalidateQueries({ queryKey: orderKey(order.id) })
    else if (problem === 'promo_code_withdrawn') {
      // The basket reloads with the new total (and so asks for a new
      // PaymentIntent); the message stays so the buyer knows why it changed.
      setCodesNotice(errorMessage(intent.error))
      void qc.invalidateQueries({ queryKey: orderKey(order.id) })
    }
    // Runs once per answer: check is this render's, the error's time says when it is new.
  }, [problem, intent.errorUpdatedAt])

  function setB(k: keyof Billing, v: string) {
    setBilling((b) => ({ ...b, [k]: v }))
    setError('')
  }

  function fieldChange(e: FieldChange) {
    setFields((f) => ({ ...f, [e.elementType]: { empty: e.empty, error: e.error?.message ?? '' } }))
    setError('')
  }

  async function check() {
    setPhase('checking')
    setError('')
    const signal = stop.current?.signal ?? new AbortController().signal
    const res = await waitUntilPaid(order.id, signal)
    if (signal.aborted) return
    if (res) onPaid(res.order, res.provider)
    else setPhase('unsaved')
  }

  const busy = phase === 'paying' || phase === 'checking'
  const cardEmpty = Object.values(fields).some((f) => f.empty)
  const ready = !!stripe && !!elements && !!intent.data

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (busy || cardEmpty || !ready) return
    if (billingMissing(billing, name)) {
      setMissing(true)
      setError(MSG_FILL_ALL)
      return
    }
    const card = elements.getElement(CardNumberElement)
    if (!card) return
    setMissing(false)
    setError('')
    setPhase('paying')
    const b = trimBilling(billing)
    let result: Awaited<ReturnType<Stripe['confirmCardPayment']>>
    try {
      result = await stripe.confirmCardPayment(intent.data.clientSecret, {
        payment_method: {
          card,
          billing_details: {
            name: name.trim(),
            ...(order.receiptEmail ? { email: order.receiptEmail } : {}),
            address: { line1: b.line1, line2: b.line2 || undefined, city: b.town, postal_code: b.postcode, country: b.country },
          },
        },
      })
    } catch {
      result = { error: { type: 'api_connection_error', message: GENERIC_ERROR } }
    }
    if (stop.current?.signal.aborted) return
    // Paid by an earlier try (a retry after 'not saved'): only the record is missing.
    if (result.error && result.error.payment_intent?.status !== 'succeeded') {
      setPhase('idle')
      setError(result.error.message || GENERIC_ERROR)
      return
    }
    await check()
  }

  const fieldError = Object.values(fields).find((f) => f.error)?.error ?? ''
  const shown = phase === 'unsaved' ? MSG_NOT_SAVED : error || fieldError
  const loading = !stripeFailed && !problem && (!stripe || !intent.data)

  return (
    <form className="card-form" onSubmit={submit} noValidate>
      <BillingFields billing={billing} onChange={setB} missing={missing} firstFieldId={firstFieldId} />

      <fieldset className="card-form__group">
        <legend>Card details</legend>
        <div className="field">
          <label htmlFor="card-name">Name on card</label>
          <input
            id="card-name"
            autoComplete="cc-name"
            value={name}
            aria-invalid={missing && !name.trim() ? true : undefined}
            onChange={(e) => {
              setName(e.target.value)
              setError('')
            }}
          />
        </div>
        {/* A label whose for names an Element's container focuses the Element. */}
        <div className="field">
          <label htmlFor="card-number">Card number</label>
          <CardNumberElement id="card-number" className="card-form__stripe" options={NUMBER_OPTIONS} onChange={fieldChange} />
        </div>
        <div className="card-form__row">
          <div className="field">
            <label htmlFor="card-expiry">Expiry (MM / YY)</label>
            <CardExpiryElement id="card-expiry" className="card-form__stripe" options={EXPIRY_OPTIONS} onChange={fieldChange} />
          </div>
          <div className="field">
            <label htmlFor="card-cvc">CVC</label>
            <CardCvcElement id="card-cvc" className="card-form__stripe" options={CVC_OPTIONS} onChange={fieldChange} />
          </div>
        </div>
        {loading ? (
          <p className="card-form__status" role="status">
            <span className="spinner" aria-hidden="true" /> Preparing the card payment
          </p>
        ) : null}
        {shown ? (
          <p id="card-error" className="card-form__error" role="alert">
            {shown}
          </p>
        ) : null}
        {phase === 'unsaved' ? (
          <button type="button" className="button button--outline card-form__retry" onClick={() => void check()}>
            {RETRY_LABEL}
          </button>
        ) : null}
        {phase === 'checking' ? (
          <p className="card-form__status" role="status">
            <span className="spinner" aria-hidden="true" /> Confirming your payment
          </p>
        ) : null}
      </fieldset>

      {codesNotice && problem !== 'promo_code_withdrawn' ? <FormMessage kind="info">{codesNotice}</FormMessage> : null}
      {stripeFailed || (problem && problem !== 'already_paid') ? (
        <div className="card-form__problem">
          <FormMessage kind="error">{stripeFailed ? MSG_CARD_UNAVAILABLE : errorMessage(intent.error)}</FormMessage>
          {problem !== 'free_order' ? (
            <button
              type="button"
              className="button button--outline card-form__retry"
              onClick={() => (stripeFailed ? reloadStripe() : void intent.refetch())}
            >
              {RETRY_LABEL}
            </button>
          ) : null}
        </div>
      ) : null}

      <button type="submit" className="button button--block" disabled={busy || cardEmpty || !ready} aria-busy={busy}>
        {busy ? <ButtonSpinner /> : <Lock aria-hidden size={18} />}
        {PAY_LABEL}
      </button>
    </form>
  )
}
