import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { apiError, mockApi, renderPage, reply, sampleUser, type Reply } from '../../../test/utils'
import NewReportPage from '../routes/NewReportPage'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const tenantUser = { ...sampleUser, id: 'u2', email: 'tom@example.com', fullName: 'Tom Tenant', userType: 'Tenant' as const }

const creator = { position: 0, stage: 0, role: 'Inspector', name: 'Ann Example', email: 'ann@example.com', signed: true, signedAt: '2026-05-02T10:00:00Z', method: 'type', me: false }
const tenant = { position: 1, stage: 1, role: 'Tenant', name: 'Tom Tenant', email: 'tom@example.com', signed: false, signedAt: null, method: '', me: true }

function report(over: Record<string, unknown> = {}) {
  return {
    id: 'r1', type: 'Inventory', status: 'ATS', paymentStatus: 'Paid', propertyId: 'p1', property: { addrFirstLine: '1 High Street' },
    data: {}, revision: 3, clonedFrom: '', stamps: [], mine: false, editable: false, createdAt: '2026-05-01T10:00:00Z', updatedAt: '2026-05-02T10:00:00Z', ...over,
  }
}

function state(over: Record<string, unknown> = {}) {
  return {
    status: 'ATS', paymentStatus: 'Paid', documentId: '', documentHash: '', signers: [creator, tenant], events: [],
    canSign: true, verified: false, needsPayment: false, waitingFor: '', message: '', ...over,
  }
}

function serve(r: ReturnType<typeof report>, s: ReturnType<typeof state>, extra: Record<string, () => Reply> = {}) {
  return mockApi((path) => {
    if (path === '/api/inventory/reports/{id}') return reply(200, { report: r })
    if (path === '/api/inventory/reports/{id}/signing') return reply(200, s)
    if (path === '/api/inventory/reports/{id}/photos') return reply(200, { photos: [] })
    if (extra[path]) return extra[path]()
    return apiError(404, 'not_found', `unexpected ${path}`)
  }, tenantUser)
}

function open() {
  return renderPage(<NewReportPage />, { path: '/NewReport', initialEntries: ['/NewReport?id=r1&view=preview'] })
}

describe('the preview of a sent report', () => {
  it("shows the signers and 'Sign Report' to the party whose turn it is, which opens the sign view", async () => {
    const user = userEvent.setup()
    serve(report(), state())
    const { router } = open()
    expect(await screen.findByRole('heading', { name: 'Preview: Inventory' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Signers in signing order' })
    expect(list).toHaveTextContent('Ann Example')
    expect(list).toHaveTextContent('Tom Tenant')
    expect(list).toHaveTextContent('Waiting')
    // Read-only: no editor.
    expect(screen.queryByRole('button', { name: 'SAVE DRAFT' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sign Report' }))
    await waitFor(() => expect(router.state.location.search).toBe('?id=r1&view=sign'))
    expect(await screen.findByRole('heading', { name: 'Sign the report' })).toBeInTheDocument()
  })

  it("hides 'Sign Report' when the reader may not sign, once signed and while Disputed", async () => {
    serve(report(), state({ canSign: false }))
    open()
    await screen.findByRole('list', { name: 'Signers in signing order' })
    expect(screen.queryByRole('button', { name: 'Sign Report' })).not.toBeInTheDocument()
    cleanup()
    vi.restoreAllMocks()

    serve(report(), state({ signers: [creator, { ...tenant, signed: true, signedAt: '2026-05-03T10:00:00Z', method: 'draw' }] }))
    open()
    await screen.findByRole('list', { name: 'Signers in signing order' })
    expect(screen.queryByRole('button', { name: 'Sign Report' })).not.toBeInTheDocument()
    cleanup()
    vi.restoreAllMocks()

    serve(report({ status: 'Disputed' }), state())
    open()
    await screen.findByRole('list', { name: 'Signers in signing order' })
    expect(screen.queryByRole('button', { name: 'Sign Report' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'E-mail me a copy' })).not.toBeInTheDocument()
  })

  it("e-mails a copy of an ATS or Completed report, says to wait when asked again too soon, and 'Something went wrong!' when it fails", async () => {
    const user = userEvent.setup()
    let answer: () => Reply = () => reply(200, { message: 'Report has been sent to email' })
    const { post } = serve(report({ status: 'Completed' }), state({ status: 'COMPLETED', canSign: false }), {
      '/api/inventory/reports/{id}/resend': () => answer(),
    })
    open()
    await user.click(await screen.findByRole('button', { name: 'E-mail me a copy' }))
    expect(await screen.findByText('Report has been sent to email')).toBeInTheDocument()
    expect(post).toHaveBeenCalledWith('/api/inventory/reports/{id}/resend', expect.objectContaining({ params: { path: { id: 'r1' } } }))
    // Within 10 seconds: the server's 429 and its words, not a failure (issue 43).
    answer = () => apiError(429, 'too_many_requests', 'Please wait 10 seconds before sending again')
    await user.click(screen.getByRole('button', { name: 'E-mail me a copy' }))
    expect(await screen.findByText('Please wait 10 seconds before sending again')).toBeInTheDocument()
    expect(screen.queryByText('Something went wrong!')).not.toBeInTheDocument()
    // Any other failure.
    answer = () => apiError(500, 'internal', 'An error was encountered, please contact us if problem persists.')
    await user.click(screen.getByRole('button', { name: 'E-mail me a copy' }))
    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument()
  })
})
