import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { apiError, mockApi, renderPage, reply, sampleUser, type Reply } from '../../../test/utils'
import { makeOrder } from '../../payment/testOrders'
import { SignReport } from './SignReport'
import { NO_LOCATION } from '../api/signInventoryReport'

vi.setConfig({ testTimeout: 20_000 })

const creator = { position: 0, stage: 0, role: 'Inspector', name: 'Ann Example', email: 'ann@example.com', signed: false, signedAt: null, method: '', me: true }
const tenant = { position: 1, stage: 1, role: 'Tenant', name: 'Tom Tenant', email: 'tom@example.com', signed: false, signedAt: null, method: '', me: false }

function state(over: Record<string, unknown> = {}) {
  return {
    status: 'Draft', paymentStatus: 'Paid', documentId: '', documentHash: 'hash-of-v1', signers: [creator, tenant], events: [],
    canSign: true, verified: false, needsPayment: false, waitingFor: '', message: '', ...over,
  }
}

const report = {
  id: 'r1', type: 'Inventory', status: 'ATS', paymentStatus: 'Paid', propertyId: 'p1', property: { addrFirstLine: '1 High Street' },
  data: {}, revision: 2, clonedFrom: '', stamps: [], mine: true, editable: false, createdAt: '2026-05-01T10:00:00Z', updatedAt: '2026-05-01T10:00:00Z',
}

type Routes = Record<string, (init?: { body?: unknown }) => Reply>

function serve(routes: Routes, me: unknown = sampleUser) {
  return mockApi((path, init) => {
    const r = routes[path]
    return r ? r(init) : apiError(500, 'internal', `unexpected ${path}`)
  }, me)
}

function open() {
  return renderPage(<SignReport reportId="r1" />, { path: '/NewReport', initialEntries: ['/NewReport?id=r1&view=sign'] })
}

function setGeolocation(geo: unknown) {
  Object.defineProperty(navigator, 'geolocation', { value: geo, configurable: true })
}

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  setGeolocation(undefined)
})

describe('SignReport (the shared sign screen with the report adapter)', () => {
  it('takes the creator from the statement through the code to the signature, skipping a paid fee, and sends the location', async () => {
    const user = userEvent.setup()
    setGeolocation({ getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 51.5, longitude: -0.12, accuracy: 20 } } as GeolocationPosition) })
    const { post } = serve({
      '/api/inventory/reports/{id}/signing': () => reply(200, state()),
      '/api/inventory/reports/{id}/signing/code': () => reply(200, { message: 'Please Check your email' }),
      '/api/inventory/reports/{id}/signing/verify': () => reply(200, state({ verified: true })),
      '/api/inventory/reports/{id}/signing/sign': () => reply(200, { message: 'Report sent successfully', completed: false, report }),
    })
    const { router } = open()

    // Stage 1: the statement and SIGN AND SEND.
    expect(await screen.findByText(/true and accurate record/)).toBeInTheDocument()
    expect(screen.queryByText('Payment')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'SIGN AND SEND' }))

    // Stage 2: the code, with RESEND once sent.
    await user.click(await screen.findByRole('button', { name: 'Send code' }))
    expect(await screen.findByText('Please Check your email')).toBeInTheDocument()
    expect(post).toHaveBeenCalledWith('/api/inventory/reports/{id}/signing/code', expect.objectContaining({ params: { path: { id: 'r1' } } }))
    expect(screen.getByRole('button', { name: 'RESEND' })).toBeInTheDocument()
    await user.type(screen.getByLabelText('6 digit code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    // Stage 3 skipped (paid); stage 4: an empty signature is refused.
    const submit = await screen.findByRole('button', { name: 'SIGN AND SEND' })
    expect(screen.getByRole('heading', { name: 'Your signature' })).toBeInTheDocument()
    expect(post).not.toHaveBeenCalledWith('/api/inventory/reports/{id}/signing/order', expect.anything())
    await user.click(submit)
    expect(await screen.findByText('Please sign')).toBeInTheDocument()
    expect(post).not.toHaveBeenCalledWith('/api/inventory/reports/{id}/signing/sign', expect.anything())

    await user.click(screen.getByRole('tab', { name: 'Type' }))
    await user.type(screen.getByLabelText('Type your full name'), 'Ann Example')
    await user.click(submit)
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory'))
    expect(post).toHaveBeenCalledWith('/api/inventory/reports/{id}/signing/sign', expect.objectContaining({
      params: { path: { id: 'r1' } },
      body: { method: 'type', typed: 'Ann Example', documentHash: 'hash-of-v1', location: { lat: 51.5, lng: -0.12, accuracy: 20 } },
    }))
    expect(router.state.location.state).toEqual({ toast: 'Report sent successfully' })
  })

  it("shows the server's 'Please sign' and asks a creator with the fee pending to pay", async () => {
    const user = userEvent.setup()
    serve({
      '/api/inventory/reports/{id}/signing': () => reply(200, state({ verified: true, needsPayment: true, paymentStatus: 'Pending' })),
      '/api/inventory/reports/{id}/signing/order': () => reply(200, { order: makeOrder({ id: 'o7', orderType: 'inventory-report' }) }),
      '/api/orders/{id}': () => reply(200, { order: makeOrder({ id: 'o7', orderType: 'inventory-report' }), provider: 'sandbox' }),
    })
    open()
    await user.click(await screen.findByRole('button', { name: 'SIGN AND SEND' }))
    expect(await screen.findByRole('heading', { name: 'Payment', level: 2 })).toBeInTheDocument()
    expect(screen.queryByLabelText('6 digit code')).not.toBeInTheDocument()
  })

  it("signs a tenant without a location when refused, toasts the server's answer and returns to the preview", async () => {
    const user = userEvent.setup()
    setGeolocation({ getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1, message: 'denied' } as GeolocationPositionError) })
    let first = true
    const { post } = serve({
      '/api/inventory/reports/{id}/signing': () => reply(200, state({
        status: 'ATS', verified: true, signers: [{ ...creator, me: false, signed: true }, { ...tenant, me: true }],
      })),
      '/api/inventory/reports/{id}/signing/sign': () => {
        if (first) {
          first = false
          return apiError(400, 'signature_missing', 'Please sign', { signature: 'Please sign' })
        }
        return reply(200, { message: 'Report signed', completed: false, report: { ...report, mine: false } })
      },
    }, { ...sampleUser, email: 'tom@example.com', userType: 'Tenant' })
    const { router } = open()
    expect(await screen.findByRole('heading', { name: 'Sign the report' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sign Report' }))
    const submit = await screen.findByRole('button', { name: 'Sign Report' })
    await user.click(screen.getByRole('tab', { name: 'Type' }))
    await user.type(screen.getByLabelText('Type your full name'), 'Tom Tenant')
    await user.click(submit)
    // The server's refusal shows too.
    expect(await screen.findAllByText('Please sign')).not.toHaveLength(0)
    await user.click(submit)
    await waitFor(() => expect(router.state.location.search).toBe('?id=r1&view=preview'))
    // ...and says plainly that the stamp has no position (issue 26).
    expect(await screen.findByText(`Report signed ${NO_LOCATION}`)).toBeInTheDocument()
    expect(post).toHaveBeenLastCalledWith('/api/inventory/reports/{id}/signing/sign', expect.objectContaining({ body: { method: 'type', typed: 'Tom Tenant', documentHash: 'hash-of-v1' } }))
  })
})
