import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { apiError, mockApi, polyfillDialog, renderPage, reply } from '../../../test/utils'
import { SigningStatus, WITHDRAW, WITHDRAW_QUESTION } from './SigningStatus'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const landlord = { id: 'u1', email: 'lara@example.com', fullName: 'Lara Lord', userType: 'Landlord', role: 'User' }

const signers = [
  { position: 0, stage: 0, role: 'Landlord', name: 'Lara Lord', email: 'lara@example.com', signed: true, signedAt: '2026-11-21T10:00:00Z', method: 'draw', me: true },
  { position: 1, stage: 1, role: 'Tenant', name: 'Tom Tenant', email: 'tom@example.com', signed: false, signedAt: null, method: '', me: false },
]

function state(over: Record<string, unknown> = {}) {
  return {
    status: 'ATS', paymentStatus: 'COMPLETED', documentId: 'OR-2026-0001', documentHash: 'ab'.repeat(32), signers,
    events: [{ at: '2026-11-21T10:00:00Z', kind: 'code_verified', actor: 'Lara Lord', detail: 'lara@example.com' }],
    canSign: false, verified: true, needsPayment: false, waitingFor: '', message: '', notice: '', ...over,
  }
}

describe('SigningStatus', () => {
  it('lists the signers in order, the document id and hash, and the audit trail', async () => {
    mockApi((path) => (path === '/api/contracts/{id}/signing' ? reply(200, state()) : reply(404)), landlord)
    renderPage(<SigningStatus contractId="c1" />)
    const list = await screen.findByRole('list', { name: 'Signers in signing order' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows[0]).toHaveTextContent('Lara Lord')
    expect(rows[0]).toHaveTextContent(/Signed 21\/11\/2026, \d\d:\d\d \(drawn\)/)
    expect(rows[1]).toHaveTextContent('tom@example.com')
    expect(rows[1]).toHaveTextContent('Waiting')
    expect(screen.getByText('OR-2026-0001')).toBeInTheDocument()
    expect(screen.getByText('ab'.repeat(32))).toBeInTheDocument()
    expect(screen.getByText('Audit trail')).toBeInTheDocument()
    expect(screen.getByText('E-mail code verified')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument()
  })

  it("re-sends the landlord's invitations and shows a 429 as a toast", async () => {
    const user = userEvent.setup()
    const { post } = mockApi((path) => {
      if (path === '/api/contracts/{id}/signing') return reply(200, state())
      return apiError(429, 'rate_limited', 'Please wait 10 seconds before sending again')
    }, landlord)
    renderPage(<SigningStatus contractId="c1" />)
    await user.click(await screen.findByRole('button', { name: 'Re-send invitation' }))
    expect(await screen.findByText('Please wait 10 seconds before sending again')).toBeInTheDocument()
    expect(post).toHaveBeenCalledWith('/api/contracts/{id}/signing/invite', expect.objectContaining({ params: { path: { id: 'c1' } } }))
  })

  it('offers the PDF and its e-mailed link once completed', async () => {
    const user = userEvent.setup()
    mockApi((path) => {
      if (path === '/api/contracts/{id}/signing') return reply(200, state({ status: 'COMPLETED', signers: signers.map((s) => ({ ...s, signed: true, signedAt: '2026-11-22T09:00:00Z', method: s.method || 'type' })) }))
      if (path === '/api/contracts/{id}/resend') return reply(200, { message: 'Download link sent to your email' })
      return reply(404)
    }, landlord)
    renderPage(<SigningStatus contractId="c1" />)
    const link = await screen.findByRole('link', { name: 'Download PDF' })
    expect(link).toHaveAttribute('href', '/api/contracts/c1/pdf')
    expect(link).toHaveAttribute('download')
    expect(screen.queryByRole('button', { name: 'Re-send invitation' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'E-mail me the download link' }))
    expect(await screen.findByText('Download link sent to your email')).toBeInTheDocument()
  })

  it('lets the landlord withdraw an agreement whose start date passed, after asking, and opens the draft', async () => {
    polyfillDialog()
    const user = userEvent.setup()
    const notice = 'The tenancy was to start on 1 December 2026, before every tenant had signed, so the agreement can no longer be signed as it is.'
    const { post } = mockApi((path) => {
      if (path === '/api/contracts/{id}/signing') return reply(200, state({ notice }))
      if (path === '/api/contracts/{id}/withdraw') return reply(200, { contract: { id: 'c1', status: 'Draft' }, message: 'The agreement is withdrawn and back in your drafts.' })
      return reply(404)
    }, landlord)
    const { router } = renderPage(<SigningStatus contractId="c1" />, { path: '/contract-builder', initialEntries: ['/contract-builder?view=awaiting&id=c1'] })
    expect(await screen.findByText(notice)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Re-send invitation' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: WITHDRAW }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent(WITHDRAW_QUESTION)
    expect(post).not.toHaveBeenCalledWith('/api/contracts/{id}/withdraw', expect.anything())
    await user.click(within(dialog).getByRole('button', { name: WITHDRAW }))
    expect(post).toHaveBeenCalledWith('/api/contracts/{id}/withdraw', expect.objectContaining({ params: { path: { id: 'c1' } } }))
    expect(await screen.findByText('The agreement is withdrawn and back in your drafts.')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?view=draft&id=c1')
  })

  it("tells a tenant why the agreement cannot be signed, with nothing to withdraw", async () => {
    const tenant = { ...landlord, id: 'u2', email: 'tom@example.com', fullName: 'Tom Tenant', userType: 'Tenant' }
    const notice = "This agreement's tenancy was to start on 1 December 2026, before everyone had signed."
    mockApi((path) => (path === '/api/contracts/{id}/signing' ? reply(200, state({ notice, signers: signers.map((s) => ({ ...s, me: s.role === 'Tenant' })) })) : reply(404)), tenant)
    renderPage(<SigningStatus contractId="c1" />)
    expect(await screen.findByText(notice)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: WITHDRAW })).not.toBeInTheDocument()
  })
})
