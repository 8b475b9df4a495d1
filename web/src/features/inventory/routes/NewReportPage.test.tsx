import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { api } from '../../../lib/api'
import { mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'
import { emptyData, MSG } from '../rules'
import NewReportPage from './NewReportPage'

beforeAll(polyfillDialog)
beforeEach(() => localStorage.clear())
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const property = { id: 'p1', address: { addrFirstLine: '1 High Street', addrSecondLine: '', town: 'Leeds', postcode: 'LS1 1AA', country: 'United Kingdom' }, createdAt: '2026-01-01T00:00:00Z' }

const catalogue = {
  inside: ['Bedroom', 'Kitchen'],
  outside: ['Garden'],
  ageBands: ['0-1 month', '1-3 months', '3-6 months', 'over 6 months'],
  items: [
    { name: 'Oven', appliance: true, rooms: ['Kitchen'], description: [{ name: 'Type', options: ['Electric', 'Gas'], free: false, ageBands: false }], disputeAvoidance: [] },
    { name: 'Sink', appliance: false, rooms: ['Kitchen'], description: [], disputeAvoidance: [] },
    { name: 'Wardrobe', appliance: false, rooms: ['Bedroom'], description: [], disputeAvoidance: [] },
  ],
  types: ['Inventory', 'Check-in Report', 'Interim Report', 'Check-out Report'],
  ratings: ['Fine', 'Dusty', 'Dirty', 'Marked', 'Damaged'],
  meterKinds: [],
  documentKinds: [],
  sources: [],
}

function reportWith(data = emptyData()) {
  return {
    id: 'r1', type: 'Inventory', status: 'Draft', paymentStatus: 'Pending', propertyId: 'p1', property: { addrFirstLine: '1 High Street' },
    data, revision: 1, clonedFrom: '', stamps: [], mine: true, editable: true, createdAt: '2026-05-01T10:00:00Z', updatedAt: '2026-05-01T10:00:00Z',
  }
}

describe('step 0', () => {
  beforeEach(() => {
    mockApi((path) => {
      if (path === '/api/properties') return reply(200, { properties: [property] })
      if (path === '/api/inventory/reports') return reply(200, { reports: [] })
      return reply(404, { error: { code: 'not_found', message: 'no' } })
    }, sampleUser)
  })

  it('asks for a property before a report type', async () => {
    renderPage(<NewReportPage />, { path: '/NewReport' })
    fireEvent.click(await screen.findByRole('button', { name: 'Check-in Report' }))
    expect(await screen.findByText(MSG.selectProperty)).toBeInTheDocument()
  })

  it('asks for a report to clone, then confirms the stamp before Begin report', async () => {
    renderPage(<NewReportPage />, { path: '/NewReport' })
    await screen.findByRole('option', { name: /1 High Street/ })
    fireEvent.change(screen.getByLabelText('Property'), { target: { value: 'p1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Inventory' }))
    fireEvent.click(screen.getByRole('radio', { name: /Clone a previous report/ }))
    await screen.findByText(MSG.noReports)
    fireEvent.click(screen.getByRole('button', { name: 'Start' }))
    expect(await screen.findByText(MSG.selectClone)).toBeInTheDocument()

    fireEvent.click(screen.getByRole('radio', { name: /From scratch/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Start' }))
    const dialog = await screen.findByRole('dialog', { name: 'Begin report' })
    expect(within(dialog).getByText(/time and location stamp/)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Begin report' })).toBeInTheDocument()
  })
})

describe('room screen', () => {
  it("offers in ADD ITEM only the catalogue items for that room's name", async () => {
    const data = emptyData()
    data.insideProperty = [{ id: 0, name: 'Kitchen', tag: 'Kitchen', done: false, overview: { rating: '', description: '', photos: [] }, items: [] }]
    mockApi((path) => {
      if (path === '/api/inventory/reports/{id}') return reply(200, { report: reportWith(data) })
      if (path === '/api/inventory/catalogue') return reply(200, catalogue)
      if (path === '/api/inventory/reports/{id}/photos') return reply(200, { photos: [] })
      return reply(404, { error: { code: 'not_found', message: 'no' } })
    }, sampleUser)
    const put = vi.spyOn(api, 'PUT').mockImplementation((async (_p: string, init: { body: { data: unknown } }) =>
      reply(200, { report: { ...reportWith(init.body.data as never), revision: 2 } })) as never)
    renderPage(<NewReportPage />, { path: '/NewReport', initialEntries: ['/NewReport?id=r1&section=inside&room=Kitchen'] })
    await screen.findByRole('heading', { name: /Kitchen/ })
    fireEvent.click(screen.getByRole('button', { name: 'ADD ITEM' }))
    const dialog = await screen.findByRole('dialog', { name: 'Items for Kitchen' })
    await waitFor(() => expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['', 'Oven', 'Sink']))
    expect(within(dialog).queryByText('Wardrobe')).toBeNull()

    fireEvent.click(within(dialog).getByRole('button', { name: 'Oven' }))
    expect(await screen.findByRole('button', { name: 'Oven' })).toBeInTheDocument()
    await waitFor(() => expect(put).toHaveBeenCalled(), { timeout: 2000 })
  })
})
