import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'
import { MSG } from '../rules'
import InventoryPage from './InventoryPage'

beforeAll(polyfillDialog)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const draft = {
  id: 'r1', type: 'Check-in Report', status: 'Draft', paymentStatus: 'Pending', propertyId: 'p1', property: { addrFirstLine: '1 High Street' },
  data: {}, revision: 1, clonedFrom: '', stamps: [], mine: true, editable: true, createdAt: '2026-05-01T10:00:00Z', updatedAt: '2026-05-01T10:00:00Z',
}

describe('InventoryPage', () => {
  it('welcomes with the Start new report card', async () => {
    mockApi(() => reply(200, { reports: [] }), sampleUser)
    renderPage(<InventoryPage />, { path: '/inventory' })
    expect(await screen.findByRole('heading', { name: 'Inventory & Condition' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Start new report/ })).toHaveAttribute('href', '/NewReport')
  })

  it('lists drafts with type, status, address and en-GB date, and asks before deleting', async () => {
    mockApi(() => reply(200, { reports: [draft] }), sampleUser)
    renderPage(<InventoryPage />, { path: '/inventory', initialEntries: ['/inventory?view=draft'] })
    expect(await screen.findByText('1 High Street')).toBeInTheDocument()
    expect(screen.getByText('Check-in Report')).toBeInTheDocument()
    expect(screen.getByText(/01\/05\/2026/)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: /Delete the Check-in Report/ }))
    expect(await screen.findByText(MSG.deleteReport)).toBeInTheDocument()
  })

  it("says 'No Reports' for an empty list", async () => {
    mockApi(() => reply(200, { reports: [] }), sampleUser)
    renderPage(<InventoryPage />, { path: '/inventory', initialEntries: ['/inventory?view=completed'] })
    expect(await screen.findByText(MSG.noReports)).toBeInTheDocument()
  })

  it("shows the toast carried from the sign screen ('Report sent successfully')", async () => {
    mockApi(() => reply(200, { reports: [] }), sampleUser)
    renderPage(<InventoryPage />, { path: '/inventory', initialEntries: [{ pathname: '/inventory', state: { toast: 'Report sent successfully' } }] })
    expect(await screen.findByText('Report sent successfully')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Inventory & Condition' })).toBeInTheDocument()
  })
})
