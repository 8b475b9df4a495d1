import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { api } from '../../../lib/api'
import { apiError, mockApi, polyfillDialog, renderPage, reply, sampleUser, type Reply } from '../../../test/utils'
import { PaymentScreen } from './PaymentScreen'
import type { Order } from '../api/keys'
import { line, makeOrder } from '../testOrders'

beforeAll(polyfillDialog)
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  // Back to the wide layout.
  delete (window as { matchMedia?: unknown }).matchMedia
})

type Handler = (method: string, path: string, init?: { body?: unknown; params?: unknown }) => Reply | Promise<Reply>

function orderApi(order: Order, handler: Handler = () => apiError(500, 'internal', 'unexpected')) {
  const { get, post } = mockApi(() => reply(500), sampleUser)
  get.mockImplementation((async (path: string, init?: { body?: unknown }) => {
    if (path === '/api/auth/session') return reply(200, { user: sampleUser })
    if (path === '/api/orders/{id}') return reply(200, { order, provider: 'sandbox' })
    return handler('GET', path, init)
  }) as never)
  post.mockImplementation((async (path: string, init?: { body?: unknown }) => handler('POST', path, init)) as never)
  const del = vi.spyOn(api, 'DELETE').mockImplementation((async (path: string, init?: { params?: unknown }) => handler('DELETE', path, init)) as never)
  return { get, post, del }
}

function open(props: Partial<Parameters<typeof PaymentScreen>[0]> = {}) {
  const onPaid = vi.fn()
  const utils = renderPage(<PaymentScreen orderId="o1" onPaid={onPaid} {...props} />, { path: '/pay' })
  return { ...utils, onPaid }
}

const promoBox = () => screen.getByLabelText('PROMO CODE')

describe('PaymentScreen basket', () => {
  it('shows the payment and product type, struck prices, the total and the sandbox note', async () => {
    orderApi(makeOrder())
    open()
    const basket = await screen.findByRole('region', { name: 'Basket' })
    expect(within(basket).getByText('Reference check')).toBeInTheDocument()
    expect(within(basket).getAllByText('Instant reference check').length).toBeGreaterThan(0)
    const items = within(basket).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('Rita Renter')
    expect(items[0]).toHaveTextContent('rita@example.com')
    expect(items[0]).toHaveTextContent('was £17.99')
    expect(items[0]).toHaveTextContent('£8.99')
    expect(screen.getByTestId('basket-total')).toHaveTextContent('£17.98')
    expect(within(basket).getByText('Total (incl. VAT)')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'CONTINUE TO CARD PAYMENT' })).toBeInTheDocument()
    const note = screen.getByText(/^Sandbox: no money is taken/)
    expect(note).toHaveTextContent('Sandbox: no money is taken — use 4242 4242 4242 4242')
    expect(note).toHaveClass('form-message--info')
    expect(screen.getByRole('button', { name: 'MAKE CARD PAYMENT' })).toBeDisabled()
  })

  it('strikes the list price before and after a promo code, then the price to pay (issue 27)', async () => {
    const withCode = makeOrder({ promoCodes: [{ code: 'HALF', discount: 50 }], totalPence: 899, percentOff: 76 })
    orderApi(makeOrder({ percentOff: 51 }), (method, path) =>
      method === 'POST' && path === '/api/orders/{id}/promo-codes' ? reply(200, { order: withCode, provider: 'sandbox' }) : apiError(500, 'internal', 'x'),
    )
    const user = userEvent.setup({ delay: null })
    open()
    await screen.findByRole('region', { name: 'Basket' })
    const totalLine = () => screen.getByTestId('basket-total').parentElement!
    expect(totalLine()).toHaveTextContent('was £35.98£17.9851% off')
    await user.type(promoBox(), 'half')
    await user.click(screen.getByRole('button', { name: 'APPLY' }))
    await waitFor(() => expect(screen.getByTestId('basket-total')).toHaveTextContent('£8.99'))
    // Still the list price struck (not the £17.98 before the code), then the price to pay.
    expect(totalLine()).toHaveTextContent('was £35.98£8.9976% off')
    expect(totalLine().querySelector('s')).toHaveTextContent('£35.98')
  })

  it('shows applied codes with the percentage off and removes them', async () => {
    const withCode = makeOrder({ promoCodes: [{ code: 'HALF', discount: 50 }], totalPence: 899, percentOff: 50 })
    const { del } = orderApi(withCode, (method, path) =>
      method === 'DELETE' && path === '/api/orders/{id}/promo-codes/{code}'
        ? reply(200, { order: makeOrder(), provider: 'sandbox' })
        : apiError(500, 'internal', 'unexpected'),
    )
    const user = userEvent.setup({ delay: null })
    open()
    const applied = await screen.findByRole('list', { name: 'Applied promo codes' })
    expect(applied).toHaveTextContent('HALF −50%')
    expect(screen.getByText('50% off')).toBeInTheDocument()
    expect(screen.getByTestId('basket-total')).toHaveTextContent('£8.99')
    await user.click(screen.getByRole('button', { name: 'Remove code HALF' }))
    await waitFor(() => expect(screen.getByTestId('basket-total')).toHaveTextContent('£17.98'))
    expect(del.mock.calls[0][1]).toEqual({ params: { path: { id: 'o1', code: 'HALF' } } })
    expect(screen.queryByRole('list', { name: 'Applied promo codes' })).not.toBeInTheDocument()
  })
})

describe('promo code apply (spec 2 section 5)', () => {
  async function applyWith(code: string, answer: Reply, order = makeOrder()) {
    const { post } = orderApi(order, (method, path) => (method === 'POST' && path === '/api/orders/{id}/promo-codes' ? answer : apiError(500, 'internal', 'no')))
    const user = userEvent.setup({ delay: null })
    open()
    await screen.findByRole('region', { name: 'Basket' })
    if (code) await user.type(promoBox(), code)
    await user.click(screen.getByRole('button', { name: 'APPLY' }))
    return { post, user }
  }

  it('does nothing with an empty box', async () => {
    const { post } = await applyWith('', reply(200))
    expect(post).not.toHaveBeenCalled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('an unknown code is an error toast: Invalid code', async () => {
    await applyWith('NOPE', apiError(404, 'not_found', 'Invalid code'))
    const toast = await screen.findByRole('alert')
    expect(toast).toHaveTextContent('Invalid code')
    expect(toast).toHaveClass('toast--error')
  })

  it('an unusable code is a warning with the server message', async () => {
    await applyWith('OLD', apiError(400, 'code_unusable', 'This code has expired.'))
    const toast = await screen.findByRole('alert')
    expect(toast).toHaveTextContent('This code has expired.')
    expect(toast).toHaveClass('toast--warning')
  })

  it('a code on the order already is a warning: Code already used', async () => {
    await applyWith('HALF', apiError(409, 'code_used', 'Code already used'))
    const toast = await screen.findByRole('alert')
    expect(toast).toHaveTextContent('Code already used')
    expect(toast).toHaveClass('toast--warning')
  })

  it('knows an applied code without asking the server, whatever the case', async () => {
    const { post } = await applyWith('half', reply(200), makeOrder({ promoCodes: [{ code: 'HALF', discount: 50 }], totalPence: 899, percentOff: 50 }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Code already used')
    expect(post).not.toHaveBeenCalled()
  })

  it('a good code updates the basket with the server total', async () => {
    const paidLess = makeOrder({ promoCodes: [{ code: 'HALF', discount: 50 }], totalPence: 899, percentOff: 50 })
    const { post } = await applyWith(' half ', reply(200, { order: paidLess, provider: 'sandbox' }))
    await waitFor(() => expect(screen.getByTestId('basket-total')).toHaveTextContent('£8.99'))
    expect(post.mock.calls[0][1]).toEqual({ params: { path: { id: 'o1' } }, body: { code: 'half' } })
    expect(promoBox()).toHaveValue('')
  })
})

describe('free orders', () => {
  it('a total of 0 shows PURCHASE INSTANT CHECK and no card step', async () => {
    const free = makeOrder({ promoCodes: [{ code: 'FREE', discount: 100 }], totalPence: 0, percentOff: 100 })
    const paid = { ...free, status: 'paid' as const, provider: 'free' }
    const { post } = orderApi(free, (method, path) =>
      method === 'POST' && path === '/api/orders/{id}/free' ? reply(200, { order: paid, provider: 'sandbox' }) : apiError(500, 'internal', 'no'),
    )
    const user = userEvent.setup({ delay: null })
    const { onPaid } = open({ freeLabel: 'PURCHASE INSTANT CHECK' })
    const buy = await screen.findByRole('button', { name: 'PURCHASE INSTANT CHECK' })
    expect(screen.queryByRole('button', { name: 'CONTINUE TO CARD PAYMENT' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'MAKE CARD PAYMENT' })).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument()
    expect(screen.getByTestId('basket-total')).toHaveTextContent('£0.00')
    await user.click(buy)
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid))
    expect(post.mock.calls[0][0]).toBe('/api/orders/{id}/free')
  })

  it('PURCHASE BASKET is the default label; a failure is an error toast', async () => {
    const free = makeOrder({ promoCodes: [{ code: 'FREE', discount: 100 }], totalPence: 0, percentOff: 100 })
    orderApi(free, () => apiError(400, 'not_free', 'This order is not free; please pay by card.'))
    const user = userEvent.setup({ delay: null })
    const { onPaid } = open()
    await user.click(await screen.findByRole('button', { name: 'PURCHASE BASKET' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This order is not free; please pay by card.')
    expect(onPaid).not.toHaveBeenCalled()
  })
})

describe('a promo code withdrawn before the order is completed (issue 10)', () => {
  /**
   * withdrawnApi serves `before` until the completing call (POST to
   * `completePath`) answers 409 promo_code_withdrawn with `msg`; from then
   * on the order is the full-price one, as the server has updated it.
   */
  function withdrawnApi(before: Order, completePath: string, msg: string) {
    let current: Order = before
    const { get } = orderApi(before, (method, path) => {
      if (method === 'POST' && path === completePath) {
        current = makeOrder()
        return apiError(409, 'promo_code_withdrawn', msg)
      }
      return apiError(500, 'internal', 'no')
    })
    get.mockImplementation((async (path: string) => {
      if (path === '/api/auth/session') return reply(200, { user: sampleUser })
      if (path === '/api/orders/{id}') return reply(200, { order: current, provider: 'sandbox' })
      return apiError(500, 'internal', 'no')
    }) as never)
  }

  it('the free purchase warns with the server message and the basket shows the new total and the card step', async () => {
    const msg = 'The promo code FREE no longer applies. The new total is £17.98; please check it and pay again.'
    withdrawnApi(makeOrder({ promoCodes: [{ code: 'FREE', discount: 100 }], totalPence: 0, percentOff: 100 }), '/api/orders/{id}/free', msg)
    const user = userEvent.setup({ delay: null })
    const { onPaid } = open()
    await user.click(await screen.findByRole('button', { name: 'PURCHASE BASKET' }))
    expect(await screen.findByText(msg)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('basket-total')).toHaveTextContent('£17.98'))
    expect(screen.queryByRole('list', { name: 'Applied promo codes' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'MAKE CARD PAYMENT' })).toBeInTheDocument()
    expect(onPaid).not.toHaveBeenCalled()
  })

  it('the sandbox card form shows the message and the basket reloads', async () => {
    const msg = 'The promo code HALF no longer applies. The new total is £17.98; please check it and pay again.'
    withdrawnApi(makeOrder({ promoCodes: [{ code: 'HALF', discount: 50 }], totalPence: 899, percentOff: 50 }), '/api/orders/{id}/sandbox-payment', msg)
    const user = userEvent.setup({ delay: null })
    open()
    await screen.findByRole('region', { name: 'Card payment' })
    expect(screen.getByTestId('basket-total')).toHaveTextContent('£8.99')
    await user.type(screen.getByLabelText('First line of address'), '1 High Street')
    await user.type(screen.getByLabelText('Town'), 'London')
    await user.type(screen.getByLabelText('Postcode'), 'SW1A 1AA')
    await user.type(screen.getByLabelText('Name on card'), 'Ann Example')
    await user.type(screen.getByLabelText('Card number'), '4242424242424242')
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1230')
    await user.type(screen.getByLabelText('CVC'), '123')
    await user.click(screen.getByRole('button', { name: 'MAKE CARD PAYMENT' }))
    expect(await screen.findByText(msg)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('basket-total')).toHaveTextContent('£17.98'))
  })
})

describe('card form (spec 2 section 5, Card form)', () => {
  async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
    await user.type(screen.getByLabelText('Card number'), number)
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1230')
    await user.type(screen.getByLabelText('CVC'), '123')
  }

  it('needs the billing address and name: Please fill in all the fields', async () => {
    const { post } = orderApi(makeOrder())
    const user = userEvent.setup({ delay: null })
    open()
    await screen.findByRole('region', { name: 'Card payment' })
    const pay = screen.getByRole('button', { name: 'MAKE CARD PAYMENT' })
    expect(pay).toBeDisabled() // empty card fields
    await fillCard(user)
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242')
    expect(screen.getByLabelText('Expiry (MM / YY)')).toHaveValue('12 / 30')
    expect(pay).toBeEnabled()
    await user.type(screen.getByLabelText('First line of address'), '1 High Street')
    await user.click(pay)
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all the fields')
    expect(screen.getByLabelText('Town')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Name on card')).toHaveAttribute('aria-invalid', 'true')
    expect(post).not.toHaveBeenCalled()
  })

  it('sends the card with the billing address (country GB by default) and reports the payment', async () => {
    const paid = makeOrder({ status: 'paid', provider: 'sandbox' })
    const { post } = orderApi(makeOrder(), (method, path) =>
      method === 'POST' && path === '/api/orders/{id}/sandbox-payment' ? reply(200, { order: paid, provider: 'sandbox' }) : apiError(500, 'internal', 'no'),
    )
    const user = userEvent.setup({ delay: null })
    const { onPaid } = open()
    await screen.findByRole('region', { name: 'Card payment' })
    const country = screen.getByLabelText('Country') as HTMLSelectElement
    expect(country).toHaveValue('GB')
    expect(country.options).toHaveLength(38)
    expect(Array.from(country.options).every((o) => /^[A-Z]{2}$/.test(o.value))).toBe(true)
    await user.type(screen.getByLabelText('First line of address'), '1 High Street')
    await user.type(screen.getByLabelText('Town'), 'London')
    await user.type(screen.getByLabelText('Postcode'), 'SW1A 1AA')
    await user.type(screen.getByLabelText('Name on card'), 'Ann Example')
    await fillCard(user)
    await user.click(screen.getByRole('button', { name: 'MAKE CARD PAYMENT' }))
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid))
    expect(post.mock.calls[0][1]).toEqual({
      params: { path: { id: 'o1' } },
      body: {
        name: 'Ann Example',
        number: '4242424242424242',
        expMonth: 12,
        expYear: 30,
        cvc: '123',
        billing: { line1: '1 High Street', line2: '', town: 'London', postcode: 'SW1A 1AA', country: 'GB' },
        // The total the page showed: the server refuses to charge another.
        expectedTotalPence: 1798,
      },
    })
  })

  it("shows the provider's decline message in red under the card fields", async () => {
    orderApi(makeOrder(), () => apiError(400, 'card_declined', 'Your card was declined.', { card: 'Your card was declined.' }))
    const user = userEvent.setup({ delay: null })
    const { onPaid } = open()
    await screen.findByRole('region', { name: 'Card payment' })
    await user.type(screen.getByLabelText('First line of address'), '1 High Street')
    await user.type(screen.getByLabelText('Town'), 'London')
    await user.type(screen.getByLabelText('Postcode'), 'SW1A 1AA')
    await user.type(screen.getByLabelText('Name on card'), 'Ann Example')
    await fillCard(user, '4000000000000002')
    await user.click(screen.getByRole('button', { name: 'MAKE CARD PAYMENT' }))
    const msg = await screen.findByText('Your card was declined.')
    expect(msg).toHaveClass('card-form__error')
    expect(msg).toHaveAttribute('role', 'alert')
    // Inside the card details, after the last card field.
    const details = screen.getByRole('group', { name: 'Card details' })
    expect(details).toContainElement(msg)
    expect(screen.getByLabelText('CVC').compareDocumentPosition(msg) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-describedby', 'card-error')
    expect(onPaid).not.toHaveBeenCalled()
  })
})

describe('removing a line', () => {
  it('asks first, then answers the recomputed basket; one line cannot be removed', async () => {
    const one = makeOrder({ items: [line('Rita Renter', 'rita@example.com')], wasPence: 1799, fullPence: 899, totalPence: 899 })
    orderApi(makeOrder())
    const remove = vi.fn(async () => one)
    const user = userEvent.setup({ delay: null })
    open({
      removeLine: {
        confirmText: (l) => `Are you sure you want to remove ${l.description}?`,
        label: (l) => `Remove ${l.description}`,
        remove,
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Remove Sam Sharer <sam@example.com>' }))
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' })
    expect(dialog).toHaveTextContent('Are you sure you want to remove Sam Sharer <sam@example.com>?')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(remove).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Remove Sam Sharer <sam@example.com>' }))
    await user.click(within(screen.getByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(screen.getByTestId('basket-total')).toHaveTextContent('£8.99'))
    expect(remove.mock.calls[0]).toEqual([expect.objectContaining({ description: 'Sam Sharer <sam@example.com>' }), 1])
    expect(screen.queryByRole('button', { name: /^Remove Rita/ })).not.toBeInTheDocument()
  })
})

describe('at 800 px or less', () => {
  function narrow() {
    window.matchMedia = ((q: string) => ({
      matches: q === '(max-width: 800px)',
      media: q,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia
  }

  it('the basket and the card panel take turns, with a back arrow', async () => {
    narrow()
    orderApi(makeOrder())
    const onBack = vi.fn()
    const user = userEvent.setup({ delay: null })
    open({ onBack })
    await screen.findByRole('region', { name: 'Basket' })
    expect(screen.queryByRole('region', { name: 'Card payment' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'CONTINUE TO CARD PAYMENT' }))
    expect(screen.getByRole('region', { name: 'Card payment' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Basket' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Card payment' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Back to the basket' }))
    expect(screen.getByRole('region', { name: 'Basket' })).toBeInTheDocument()
    expect(onBack).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(onBack).toHaveBeenCalled()
  })
})

describe('the layout changing (issue 27: the card step found empty)', () => {
  // A media query whose answer the test changes, telling its listeners as a
  // browser does when the window is resized (a full-page screenshot in
  // Chromium shrinks the page to 1x1 and back for a moment).
  function switchable() {
    let narrowNow = false
    const listeners = new Set<() => void>()
    window.matchMedia = ((q: string) => ({
      get matches() {
        return q === '(max-width: 800px)' && narrowNow
      },
      media: q,
      addEventListener: (_: string, f: () => void) => listeners.add(f),
      removeEventListener: (_: string, f: () => void) => listeners.delete(f),
    })) as unknown as typeof window.matchMedia
    return (v: boolean) => act(() => {
      narrowNow = v
      listeners.forEach((f) => f())
    })
  }

  it('keeps what was typed in the card form and the promo box when the screen narrows and widens again', async () => {
    const setNarrow = switchable()
    orderApi(makeOrder())
    const user = userEvent.setup({ delay: null })
    open()
    const card = await screen.findByRole('region', { name: 'Card payment' })
    await user.type(within(card).getByLabelText('First line of address'), '8 Northcote Road')
    await user.type(within(card).getByLabelText('Card number'), '4242424242424242')
    await user.type(promoBox(), 'HALF')
    setNarrow(true)
    expect(screen.queryByRole('region', { name: 'Card payment' })).not.toBeInTheDocument()
    setNarrow(false)
    const again = screen.getByRole('region', { name: 'Card payment' })
    expect(within(again).getByLabelText('First line of address')).toHaveValue('8 Northcote Road')
    expect(within(again).getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242')
    expect(promoBox()).toHaveValue('HALF')
  })
})
