// The Stripe card step, with Stripe.js and its React bindings replaced by
// stand-ins: Stripe cannot be reached from the tests (nor offline at all, so
// there is no end-to-end journey for it).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { loadStripe } from '@stripe/stripe-js'
import { api } from '../../../lib/api'
import { apiError, mockApi, polyfillDialog, renderPage, reply, sampleUser, type Reply } from '../../../test/utils'
import { PaymentScreen } from './PaymentScreen'
import type { Order } from '../api/keys'
import { paidPolling } from './StripeCardForm'
import { makeOrder } from '../testOrders'

// The stand-ins: Elements hands its Stripe object to useStripe (null until
// it has one, like Stripe's); each card field is a plain input that reports
// changes the way Stripe's fields do.
const fake = vi.hoisted(() => ({
  stripe: { confirmCardPayment: vi.fn() },
  card: { element: 'cardNumber' },
  elementsGot: [] as unknown[],
}))

vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => fake.stripe) }))

vi.mock('@stripe/react-stripe-js', async () => {
  const React = await import('react')
  const StripeContext = React.createContext<unknown>(null)
  type FieldProps = { id?: string; className?: string; onChange?: (e: unknown) => void }
  const field = (elementType: string) =>
    function FakeField({ id, className, onChange }: FieldProps) {
      return React.createElement('input', {
        id,
        className,
        'data-stripe': elementType,
        onChange: (e: { target: { value: string } }) =>
          onChange?.({ elementType, empty: e.target.value === '', complete: e.target.value !== '', error: undefined }),
      })
    }
  const CardNumberElement = field('cardNumber')
  return {
    Elements: ({ stripe, children }: { stripe: unknown; children: React.ReactNode }) => {
      fake.elementsGot.push(stripe)
      return React.createElement(StripeContext.Provider, { value: stripe }, children)
    },
    CardNumberElement,
    CardExpiryElement: field('cardExpiry'),
    CardCvcElement: field('cardCvc'),
    useStripe: () => React.useContext(StripeContext),
    useElements: () =>
      React.useContext(StripeContext) ? { getElement: (c: unknown) => (c === CardNumberElement ? fake.card : null) } : null,
  }
})

beforeAll(polyfillDialog)
vi.setConfig({ testTimeout: 20_000 })

const defaultPolling = { ...paidPolling }

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  fake.stripe.confirmCardPayment.mockReset()
  vi.mocked(loadStripe).mockClear()
  fake.elementsGot = []
  Object.assign(paidPolling, defaultPolling)
})

const secretFor = (o: Order) => `pi_${o.totalPence}_secret_abc`

// Stripe.js is loaded once per publishable key for the page's life: each
// test has its own key, so each test sees its own load.
let keys = 0
let publishableKey = ''

type Options = {
  provider?: string
  /** cardPayment answers POST /api/orders/{id}/card-payment (default: a PaymentIntent for the current order). */
  cardPayment?: (n: number) => Reply | undefined
  /** after answers GET /api/orders/{id} once the page has loaded: the n-th poll (from 1). */
  poll?: (n: number) => Order
  promo?: Order
}

/** stripeApi plays the server of a Stripe-configured OmniRent. */
function stripeApi(order: Order, { provider = 'stripe', cardPayment, poll, promo }: Options = {}) {
  const { get, post } = mockApi(() => reply(500), sampleUser)
  publishableKey = `pk_test_${++keys}`
  let current = order
  let gets = 0
  let intents = 0
  get.mockImplementation((async (path: string) => {
    if (path === '/api/auth/session') return reply(200, { user: sampleUser })
    if (path === '/api/orders/{id}') {
      gets++
      return reply(200, { order: gets > 1 && poll ? poll(gets - 1) : current, provider })
    }
    return apiError(500, 'internal', 'unexpected')
  }) as never)
  post.mockImplementation((async (path: string) => {
    if (path === '/api/orders/{id}/card-payment') {
      intents++
      return (
        cardPayment?.(intents) ??
        reply(200, { order: current, provider: 'stripe', clientSecret: secretFor(current), publishableKey })
      )
    }
    if (path === '/api/orders/{id}/promo-codes' && promo) {
      current = promo
      return reply(200, { order: promo, provider })
    }
    return apiError(500, 'internal', 'unexpected')
  }) as never)
  vi.spyOn(api, 'DELETE').mockImplementation((async () => apiError(500, 'internal', 'unexpected')) as never)
  const intentCalls = () => post.mock.calls.filter((c) => c[0] === '/api/orders/{id}/card-payment')
  const polls = () => Math.max(0, gets - 1)
  return { get, post, intentCalls, polls }
}

function open() {
  const onPaid = vi.fn()
  const utils = renderPage(<PaymentScreen orderId="o1" onPaid={onPaid} />, { path: '/pay' })
  return { ...utils, onPaid }
}

const payButton = () => screen.getByRole('button', { name: 'MAKE CARD PAYMENT' })

async function ready() {
  await screen.findByRole('region', { name: 'Card payment' })
  await screen.findByLabelText('Card number')
  await waitFor(() => expect(screen.queryByText('Preparing the card payment')).not.toBeInTheDocument())
}

async function fillCard(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Card number'), '4242424242424242')
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1230')
  await user.type(screen.getByLabelText('CVC'), '123')
}

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First line of address'), '1 High Street')
  await user.type(screen.getByLabelText('Second line of address (optional)'), 'Flat 2')
  await user.type(screen.getByLabelText('Town'), 'London')
  await user.type(screen.getByLabelText('Postcode'), 'SW1A 1AA')
  await user.selectOptions(screen.getByLabelText('Country'), 'IE')
  await user.type(screen.getByLabelText('Name on card'), ' Ann Example ')
  await fillCard(user)
}

describe('Stripe card step', () => {
  it("shows Stripe's card fields with the billing address, not the sandbox form", async () => {
    const { intentCalls } = stripeApi(makeOrder())
    open()
    await ready()
    expect(intentCalls()).toHaveLength(1)
    expect(intentCalls()[0][1]).toEqual({ params: { path: { id: 'o1' } } })
    expect(loadStripe).toHaveBeenCalledWith(publishableKey)
    expect(fake.elementsGot).toContain(fake.stripe)
    for (const [label, kind] of [
      ['Card number', 'cardNumber'],
      ['Expiry (MM / YY)', 'cardExpiry'],
      ['CVC', 'cardCvc'],
    ]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('data-stripe', kind)
    }
    expect(screen.queryByText(/^Sandbox: no money is taken/)).not.toBeInTheDocument()
    const country = screen.getByLabelText('Country') as HTMLSelectElement
    expect(country).toHaveValue('GB')
    expect(country.options).toHaveLength(38)
    expect(screen.getByLabelText('Name on card')).toBeInTheDocument()
    expect(payButton()).toBeDisabled() // empty card fields
  })

  it('asks for a new PaymentIntent after a promo code changes the total', async () => {
    const half = makeOrder({ promoCodes: [{ code: 'HALF', discount: 50 }], totalPence: 899, percentOff: 50 })
    const { intentCalls } = stripeApi(makeOrder(), { promo: half })
    fake.stripe.confirmCardPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } })
    const user = userEvent.setup({ delay: null })
    open()
    await ready()
    await user.type(screen.getByLabelText('PROMO CODE'), 'HALF')
    await user.click(screen.getByRole('button', { name: 'APPLY' }))
    await waitFor(() => expect(intentCalls()).toHaveLength(2))
    await waitFor(() => expect(screen.getByTestId('basket-total')).toHaveTextContent('£8.99'))
    await fillAll(user)
    await waitFor(() => expect(payButton()).toBeEnabled())
    await user.click(payButton())
    // The new total's PaymentIntent is the one confirmed.
    await waitFor(() => expect(fake.stripe.confirmCardPayment).toHaveBeenCalled())
    expect(fake.stripe.confirmCardPayment.mock.calls[0][0]).toBe('pi_899_secret_abc')
    // Stripe.js is loaded once, whatever the number of PaymentIntents, and
    // Elements keeps the Stripe object it was given.
    expect(loadStripe).toHaveBeenCalledTimes(1)
    expect(new Set(fake.elementsGot.filter(Boolean))).toEqual(new Set([fake.stripe]))
  })

  it('needs the billing address and name: Please fill in all the fields', async () => {
    stripeApi(makeOrder())
    const user = userEvent.setup({ delay: null })
    open()
    await ready()
    await fillCard(user)
    expect(payButton()).toBeEnabled()
    await user.type(screen.getByLabelText('First line of address'), '1 High Street')
    await user.click(payButton())
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Please fill in all the fields')
    expect(alert).toHaveClass('card-form__error')
    expect(screen.getByLabelText('Town')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Name on card')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('First line of address')).not.toHaveAttribute('aria-invalid')
    expect(fake.stripe.confirmCardPayment).not.toHaveBeenCalled()
  })

  it('confirms with the client secret and billing details, then asks for the order until it is paid', async () => {
    paidPolling.everyMs = 10
    const order = makeOrder()
    const paid = makeOrder({ status: 'paid', provider: 'stripe', paidAt: '2026-11-05T10:05:00Z' })
    const { polls } = stripeApi(order, { poll: (n) => (n < 3 ? order : paid) })
    fake.stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })
    const user = userEvent.setup({ delay: null })
    const { onPaid } = open()
    await ready()
    await fillAll(user)
    await user.click(payButton())
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid))
    expect(onPaid).toHaveBeenCalledTimes(1)
    expect(polls()).toBe(3)
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1798_secret_abc', {
      payment_method: {
        card: fake.card,
        billing_details: {
          name: 'Ann Example',
          email: 'ann@example.com',
          address: { line1: '1 High Street', line2: 'Flat 2', city: 'London', postal_code: 'SW1A 1AA', country: 'IE' },
        },
      },
    })
    expect(await screen.findByText('This order has been paid. Thank you.')).toBeInTheDocument()
  })

  it("shows Stripe's error message in red under the card fields", async () => {
    const { polls } = stripeApi(makeOrder())
    fake.stripe.confirmCardPayment.mockResolvedValue({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } })
    const user = userEvent.setup({ delay: null })
    const { onPaid } = open()
    await ready()
    await fillAll(user)
    await user.click(payButton())
    const msg = await screen.findByText('Your card was declined.')
    expect(msg).toHaveClass('card-form__error')
    expect(msg).toHaveAttribute('role', 'alert')
    const details = screen.getByRole('group', { name: 'Card details' })
    expect(details).toContainElement(msg)
    expect(screen.getByLabelText('CVC').compareDocumentPosition(msg) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(payButton()).toBeEnabled() // another card may be tried
    expect(polls()).toBe(0)
    expect(onPaid).not.toHaveBeenCalled()
  })

  it('a payment not recorded in time is Payment was not saved successfully, with a retry', async () => {
    Object.assign(paidPolling, { everyMs: 10, forMs: 60 })
    const order = makeOrder()
    const paid = makeOrder({ status: 'paid', provider: 'stripe' })
    let recorded = false
    const { polls } = stripeApi(order, { poll: () => (recorded ? paid : order) })
    fake.stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })
    const user = userEvent.setup({ delay: null })
    const { onPaid } = open()
    await ready()
    await fillAll(user)
    await user.click(payButton())
    const msg = await screen.findByText('Payment was not saved successfully.')
    expect(msg).toHaveClass('card-form__error')
    expect(polls()).toBeGreaterThan(1)
    expect(onPaid).not.toHaveBeenCalled()
    // Still on the card step; the retry asks again without paying again.
    expect(screen.getByRole('region', { name: 'Card payment' })).toBeInTheDocument()
    recorded = true
    await user.click(screen.getByRole('button', { name: 'TRY AGAIN' }))
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid))
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledTimes(1)
  })

  it('polls for about 30 seconds, every 1.5 seconds', () => {
    expect(defaultPolling).toEqual({ everyMs: 1500, forMs: 30_000 })
  })
})

describe('Stripe card step: the PaymentIntent answers', () => {
  it('provider_unavailable is shown with a retry', async () => {
    const { intentCalls } = stripeApi(makeOrder(), {
      cardPayment: (n) =>
        n === 1 ? apiError(500, 'provider_unavailable', 'Card payments are not available right now. Please try again later.') : undefined,
    })
    const user = userEvent.setup({ delay: null })
    open()
    await screen.findByRole('region', { name: 'Card payment' })
    expect(await screen.findByText('Card payments are not available right now. Please try again later.')).toBeInTheDocument()
    await fillAll(user)
    expect(payButton()).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'TRY AGAIN' }))
    await waitFor(() => expect(payButton()).toBeEnabled())
    expect(intentCalls()).toHaveLength(2)
    expect(screen.queryByText('Card payments are not available right now. Please try again later.')).not.toBeInTheDocument()
  })

  it('basket_changed is asked again at once', async () => {
    const { intentCalls } = stripeApi(makeOrder(), {
      cardPayment: (n) => (n === 1 ? apiError(409, 'basket_changed', 'Your basket changed.') : undefined),
    })
    open()
    await ready()
    expect(intentCalls()).toHaveLength(2)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('already_paid asks for the order and reports it paid', async () => {
    const paid = makeOrder({ status: 'paid', provider: 'stripe' })
    stripeApi(makeOrder(), {
      cardPayment: () => apiError(409, 'already_paid', 'This order has already been paid.'),
      poll: () => paid,
    })
    const { onPaid } = open()
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid))
  })

  it('below_minimum shows the server message and nothing to pay with', async () => {
    stripeApi(makeOrder({ totalPence: 20 }), {
      cardPayment: () => apiError(400, 'below_minimum', 'Card payments must be at least £0.30.'),
    })
    open()
    expect(await screen.findByText('Card payments must be at least £0.30.')).toBeInTheDocument()
    expect(payButton()).toBeDisabled()
  })

  it('the sandbox never loads Stripe nor asks for a PaymentIntent', async () => {
    const { intentCalls } = stripeApi(makeOrder(), { provider: 'sandbox' })
    open()
    await screen.findByRole('region', { name: 'Card payment' })
    expect(screen.getByLabelText('Card number')).not.toHaveAttribute('data-stripe')
    expect(screen.getByText(/^Sandbox: no money is taken/)).toBeInTheDocument()
    expect(intentCalls()).toHaveLength(0)
    expect(loadStripe).not.toHaveBeenCalled()
  })
})
