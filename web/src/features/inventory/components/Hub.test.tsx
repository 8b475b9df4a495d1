import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { apiError, mockApi, renderPage, reply, sampleUser } from '../../../test/utils'
import { emptyData } from '../rules'
import NewReportPage from '../routes/NewReportPage'

beforeEach(() => localStorage.clear())
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const draft = {
  id: 'r1', type: 'Inventory', status: 'Draft', paymentStatus: 'Pending', propertyId: 'p1', property: { addrFirstLine: '1 High Street' },
  data: emptyData(), revision: 1, clonedFrom: '', stamps: [], mine: true, editable: true, createdAt: '2026-05-01T10:00:00Z', updatedAt: '2026-05-01T10:00:00Z',
}

const signing = {
  status: 'Draft', paymentStatus: 'Pending', documentId: '', documentHash: '', events: [],
  signers: [{ position: 0, stage: 0, role: 'Inspector', name: 'Ann Example', email: 'ann@example.com', signed: false, signedAt: null, method: '', me: true }],
  canSign: true, verified: false, needsPayment: true, waitingFor: '', message: '',
}

describe('the hub', () => {
  it("opens the sign view from SIGN AND SEND on the creator's draft", async () => {
    const user = userEvent.setup()
    mockApi((path) => {
      if (path === '/api/inventory/reports/{id}') return reply(200, { report: draft })
      if (path === '/api/inventory/reports/{id}/signing') return reply(200, signing)
      if (path === '/api/inventory/reports/{id}/photos') return reply(200, { photos: [] })
      if (path === '/api/inventory/catalogue') return reply(200, { inside: [], outside: [], ageBands: [], items: [], types: [], ratings: [], meterKinds: [], documentKinds: [], sources: [] })
      return apiError(404, 'not_found', `unexpected ${path}`)
    }, sampleUser)
    const { router } = renderPage(<NewReportPage />, { path: '/NewReport', initialEntries: ['/NewReport?id=r1'] })
    const button = await screen.findByRole('button', { name: 'SIGN AND SEND' })
    expect(button).toBeEnabled()
    await user.click(button)
    await waitFor(() => expect(router.state.location.search).toBe('?id=r1&view=sign'))
    expect(await screen.findByRole('heading', { name: 'Sign and send the report' })).toBeInTheDocument()
    expect(screen.getByText('Payment')).toBeInTheDocument() // the fee is a step
    expect(screen.getByRole('button', { name: 'SIGN AND SEND' })).toBeInTheDocument()
  })
})
