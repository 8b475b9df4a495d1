import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { apiError, mockApi, renderPage, reply, type Reply } from '../../../test/utils'
import { makeOrder } from '../../payment/testOrders'
import { SignScreen } from './SignScreen'

vi.setConfig({ testTimeout: 20_000 })

const landlord = { id: 'u1', email: 'lara@example.com', fullName: 'Lara Lord', userType: 'Landlord', role: 'User' }
const tenant = { ...landlord, id: 'u2', email: 'tom@example.com', fullName: 'Tom Tenant', userType: 'Tenant' }

const signers = [
  { position: 0, stage: 0, role: 'Landlord', name: 'Lara Lord', email: 'lara@example.com', signed: false, signedAt: null, method: '', me: true },
  { position: 1, stage: 1, role: 'Tenant', name: 'Tom Tenant', email: 'tom@example.com', signed: false, signedAt: null, method: '', me: false },
]

function state(over: Record<string, unknown> = {}) {
  return {
    status: 'Draft', paymentStatus: 'PENDING', documentId: '', documentHash: '', signers, events: [],
    canSign: true, verified: false, needsPayment: false, waitingFor: '', message: '', ...over,
  }
}

const contract = {
  id: 'c1', status: 'ATS', paymentStatus: 'COMPLETED', propertyId: 'p1',
  property: { id: 'p1', addrFirstLine: '8 Northcote Road' }, contractType: 'Standard whole property', jurisdiction: 'England',
  askJurisdiction: false, libraryVersion: '', answers: {}, step: 'finished', history: [], steps: [], duplicate: false, mine: true,
  editable: false, createdAt: '2026-11-20T10:00:00Z', updatedAt: '2026-11-20T10:00:00Z', sentAt: '2026-11-21T10:00:00Z',
}

type Routes = Record<string, (init?: { body?: unknown }) => Reply>

function serve(routes: Routes, me: unknown = landlord) {
  return mockApi((path, init) => {
    const r = routes[path]
    return r ? r(init) : apiError(500, 'internal', `unexpected ${path}`)
  }, me)
}

function open() {
  const onDone = vi.fn()
  renderPage(<SignScreen contractId="c1" onDone={onDone} />)
  return { onDone }
}

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('SignScreen, the e-mail code', () => {
  it('sends the code, refuses a badly formed one and shows the server refusal under the field', async () => {
    const user = userEvent.setup()
    const { post } = serve({
      '/api/contracts/{id}/signing': () => reply(200, state()),
      '/api/contracts/{id}/signing/code': () => reply(200, { message: 'Please Check your email' }),
      '/api/contracts/{id}/signing/verify': () => apiError(400, 'invalid', 'Invalid code'),
    })
    open()
    expect(await screen.findByText((_, el) => el?.tagName === 'P' && el.textContent === 'We will e-mail a 6 digit code to lara@example.com')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await screen.findByText('Please Check your email')).toBeInTheDocument()
    expect(post).toHaveBeenCalledWith('/api/contracts/{id}/signing/code', expect.objectContaining({ params: { path: { id: 'c1' } } }))
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument()

    const input = screen.getByLabelText('6 digit code')
    expect(input).toHaveAttribute('id', 'sign-code')
    expect(input).toHaveAttribute('inputmode', 'numeric')
    expect(input).toHaveAttribute('autocomplete', 'one-time-code')
    await user.type(input, '12a45')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    const msg = 'Please enter the 6 digit code sent to your email'
    expect(document.getElementById('sign-code-error')).toHaveTextContent(msg)
    expect(screen.getAllByText(msg)).toHaveLength(2) // under the field and as a toast
    expect(post).not.toHaveBeenCalledWith('/api/contracts/{id}/signing/verify', expect.anything())

    await user.clear(input)
    await user.type(input, '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(document.getElementById('sign-code-error')).toHaveTextContent('Invalid code'))
    expect(post).toHaveBeenCalledWith('/api/contracts/{id}/signing/verify', expect.objectContaining({ body: { code: '123456' } }))
  })

  it('shows the wait message of a code asked for too soon as a toast', async () => {
    const user = userEvent.setup()
    serve({
      '/api/contracts/{id}/signing': () => reply(200, state()),
      '/api/contracts/{id}/signing/code': () => apiError(429, 'rate_limited', 'Please wait 10 seconds before sending again'),
    })
    open()
    await user.click(await screen.findByRole('button', { name: 'Send code' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 10 seconds before sending again')
  })

  it('moves on to the signature once the code is right', async () => {
    const user = userEvent.setup()
    serve({
      '/api/contracts/{id}/signing': () => reply(200, state()),
      '/api/contracts/{id}/signing/verify': () => reply(200, state({ verified: true, paymentStatus: 'COMPLETED' })),
    })
    open()
    await user.type(await screen.findByLabelText('6 digit code'), '654321')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('heading', { name: 'Your signature' })).toBeInTheDocument()
    expect(screen.queryByLabelText('6 digit code')).not.toBeInTheDocument()
  })
})

describe('SignScreen, the payment', () => {
  it('skips the code when verified and asks a landlord with a pending fee to pay first', async () => {
    const { post } = serve({
      '/api/contracts/{id}/signing': () => reply(200, state({ verified: true, needsPayment: true })),
      '/api/contracts/{id}/signing/order': () => reply(200, { order: makeOrder({ id: 'o9', orderType: 'tenancy-contract' }) }),
      '/api/orders/{id}': () => reply(200, { order: makeOrder({ id: 'o9', orderType: 'tenancy-contract' }), provider: 'sandbox' }),
    })
    open()
    expect(await screen.findByRole('heading', { name: 'Payment', level: 2 })).toBeInTheDocument()
    expect(post).toHaveBeenCalledWith('/api/contracts/{id}/signing/order', expect.objectContaining({ params: { path: { id: 'c1' } } }))
    expect(screen.queryByLabelText('6 digit code')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Sign and Send' })).not.toBeInTheDocument()
  })
})

describe('SignScreen, the signature', () => {
  it('asks for a signature, sends the typed one and shows the done screen', async () => {
    const user = userEvent.setup()
    const { post } = serve({
      '/api/contracts/{id}/signing': () => reply(200, state({ verified: true, paymentStatus: 'COMPLETED' })),
      '/api/contracts/{id}/signing/sign': () => reply(200, { message: 'Contract signed and sent to Tenant(s)', completed: false, contract }),
    })
    const { onDone } = open()
    const submit = await screen.findByRole('button', { name: 'Sign and Send' })
    await user.click(submit)
    expect(await screen.findByText('Please sign the contract')).toBeInTheDocument()
    expect(post).not.toHaveBeenCalledWith('/api/contracts/{id}/signing/sign', expect.anything())

    await user.click(screen.getByRole('tab', { name: 'Type' }))
    await user.type(screen.getByLabelText('Type your full name'), 'Lara Lord')
    await user.click(submit)
    expect(await screen.findByText('Contract signed and sent to Tenant(s)')).toBeInTheDocument()
    expect(post).toHaveBeenCalledWith('/api/contracts/{id}/signing/sign', expect.objectContaining({
      params: { path: { id: 'c1' } },
      body: { method: 'type', typed: 'Lara Lord', documentHash: '' },
    }))
    expect(screen.getByRole('heading', { name: 'Tenancy Agreement Builder' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(onDone).toHaveBeenCalledWith(false)
  })

  it('asks to wait while the signature is on its way, and shows a 402 as a toast', async () => {
    const user = userEvent.setup()
    let answer: (r: Reply) => void = () => {}
    const { get } = serve({
      '/api/contracts/{id}/signing': () => reply(200, state({ verified: true, paymentStatus: 'COMPLETED' })),
      '/api/contracts/{id}/signing/sign': () => new Promise<Reply>((res) => { answer = res }) as never,
    })
    open()
    const submit = await screen.findByRole('button', { name: 'Sign and Send' })
    await user.click(screen.getByRole('tab', { name: 'Type' }))
    await user.type(screen.getByLabelText('Type your full name'), 'Lara Lord')
    await user.click(submit)
    await user.click(submit)
    expect(await screen.findByText('Please wait a few seconds')).toBeInTheDocument()
    answer(apiError(402, 'payment_required', 'Please confirm payment first'))
    await waitFor(() => expect(screen.getAllByRole('alert').some((el) => el.classList.contains('toast') && el.textContent === 'Please confirm payment first')).toBe(true))
    // The state is asked again, so the payment step can come back.
    await waitFor(() => expect(get.mock.calls.filter(([p]) => p === '/api/contracts/{id}/signing')).toHaveLength(2))
  })

  it("gives a tenant a plain 'Sign' button", async () => {
    serve({
      '/api/contracts/{id}/signing': () => reply(200, state({
        status: 'ATS', verified: true, paymentStatus: 'COMPLETED',
        signers: signers.map((s) => ({ ...s, me: s.role === 'Tenant', signed: s.role === 'Landlord' })),
      })),
    }, tenant)
    open()
    expect(await screen.findByRole('button', { name: 'Sign' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Sign and Send' })).not.toBeInTheDocument()
  })

  it('shows whom the reader waits for instead of the steps', async () => {
    serve({
      '/api/contracts/{id}/signing': () => reply(200, state({ status: 'ATS', canSign: false, waitingFor: 'Waiting for the tenants to sign first' })),
    }, tenant)
    open()
    expect(await screen.findByText('Waiting for the tenants to sign first')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument()
    expect(screen.queryByRole('tab', { name: 'Draw' })).not.toBeInTheDocument()
  })
})
