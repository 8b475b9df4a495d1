import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { api } from '../../../lib/api'
import { mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'
import { MSG } from '../rules'
import { item, property, property2 } from '../testData'
import DocumentsPage from './DocumentsPage'

beforeAll(polyfillDialog)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const path = '/documents/:view'
const summary = { counts: { referenceChecks: 0, contracts: 2, certificates: 1, inventoryReports: 0 }, vendorBooking: false }

function serve(items: Record<string, unknown[]> = {}) {
  return mockApi((p) => {
    if (p === '/api/documents/summary') return reply(200, summary)
    if (p === '/api/properties') return reply(200, { properties: [property, property2] })
    if (p === '/api/documents/contracts') return reply(200, { items: items.contracts ?? [] })
    if (p === '/api/documents/reference-checks') return reply(200, { items: items.refchecks ?? [] })
    if (p === '/api/documents/inventory-reports') return reply(200, { items: items.reports ?? [] })
    return reply(404, { error: { code: 'not_found', message: `no ${p}` } })
  }, sampleUser)
}

describe('the documents menu', () => {
  it('shows the four cards with the server’s counts, the ones needing action prominent', async () => {
    serve()
    renderPage(<DocumentsPage />, { path, initialEntries: ['/documents/menu'] })
    const certs = await screen.findByTestId('docs-card-Certificates')
    await waitFor(() => expect(within(certs).getByText('1')).toBeInTheDocument())
    expect(certs.querySelector('.docs-card__count--alert')).not.toBeNull()
    const checks = screen.getByTestId('docs-card-ReferenceChecks')
    expect(within(checks).getByText('0')).toBeInTheDocument()
    expect(checks.querySelector('.docs-card__count--alert')).toBeNull()
    expect(within(screen.getByTestId('docs-card-Contracts')).getByText('2')).toBeInTheDocument()
    expect(within(screen.getByTestId('docs-card-InventoryReports')).getByRole('link', { name: /Inventory reports/ })).toHaveAttribute('href', '/documents/InventoryReports')
    // The plus starts a new one in its own area.
    expect(screen.getByRole('link', { name: 'Start a new reference check' })).toHaveAttribute('href', '/dashboard?view=initiate&step=reference')
    expect(screen.getByRole('link', { name: 'Start a new contract' })).toHaveAttribute('href', '/contract-builder?view=initiate')
    expect(screen.getByRole('link', { name: 'Start a new inventory report' })).toHaveAttribute('href', '/NewReport')
  })

  it('tells a tenant the area is for landlords', async () => {
    mockApi(() => reply(200, {}), { ...sampleUser, userType: 'Tenant' })
    renderPage(<DocumentsPage />, { path, initialEntries: ['/documents/menu'] })
    expect(await screen.findByText(MSG.landlordsOnly)).toBeInTheDocument()
  })
})

describe('the property picker', () => {
  it('asks for a property before NEXT, then carries it in the address', async () => {
    serve()
    const { router } = renderPage(<DocumentsPage />, { path, initialEntries: ['/documents/Certificates'] })
    expect(await screen.findByText('12 Acacia Road')).toBeInTheDocument()
    expect(screen.getByText('Manchester, M1 2AB')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /ADD A NEW PROPERTY/ })).toHaveAttribute('href', '/profile/add')
    fireEvent.click(screen.getByRole('button', { name: 'NEXT' }))
    expect(await screen.findByText(MSG.selectProperty)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('radio', { name: /3 Mill Lane/ }))
    expect(screen.queryByText(MSG.selectProperty)).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'NEXT' }))
    await waitFor(() => expect(router.state.location.search).toBe('?details=true&propertyId=p2'))
    expect(router.state.location.pathname).toBe('/documents/Certificates')
  })
})

describe('the details lists', () => {
  it('groups a property’s contracts, filters what needs action and deletes a draft after asking', async () => {
    const draft = item()
    const awaiting = item({ id: 'i2', title: 'Agreement with Tom', status: 'ATS', statusLabel: 'Awaiting signatures', group: 'awaiting', actionNeeded: true, canDelete: false, deleteUrl: '', openUrl: '/contract-builder?view=awaiting&id=i2' })
    serve({ contracts: [draft, awaiting] })
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }))
    const { router } = renderPage(<DocumentsPage />, { path, initialEntries: ['/documents/Contracts?details=true&propertyId=p1'] })
    expect(await screen.findByRole('heading', { name: /Drafts/ })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: /Awaiting signatures/ })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Agreement with Tom/ })).toHaveAttribute('href', '/contract-builder?view=awaiting&id=i2')
    expect(screen.getByText('12 Acacia Road, London, N1 1AA', { exact: false })).toBeInTheDocument()

    // Action needed keeps the agreement awaiting signatures (and the address remembers it).
    fireEvent.click(screen.getByRole('button', { name: /Actions/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Action needed' }))
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Drafts/ })).not.toBeInTheDocument())
    expect(router.state.location.search).toContain('filter=action')
    fireEvent.click(screen.getByRole('button', { name: /Actions/ }))
    fireEvent.click(screen.getByRole('button', { name: 'All' }))

    // Delete mode: a bin only where the server allows it.
    fireEvent.click(screen.getByRole('button', { name: /Actions/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(await screen.findByRole('button', { name: 'Delete Tenancy agreement' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete Agreement with Tom' })).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Delete Tenancy agreement' }))
    expect(await screen.findByText('Delete this contract? You cannot undo this.')).toBeInTheDocument()
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/contracts/i1', expect.objectContaining({ method: 'DELETE' })))
    expect(await screen.findByText('Tenancy agreement deleted.')).toBeInTheDocument()
  })

  it('shows the spec’s empty texts for reference checks and starts a new one with the property chosen', async () => {
    serve({ refchecks: [] })
    renderPage(<DocumentsPage />, { path, initialEntries: ['/documents/ReferenceChecks?details=true&propertyId=p1'] })
    expect(await screen.findByText(MSG.noActiveChecks)).toBeInTheDocument()
    expect(screen.getByText(MSG.soEmpty)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /START NEW/ })).toHaveAttribute('href', '/dashboard?view=initiate&step=reference&propertyId=p1')
  })

  it('starts a new contract for the property and opens it in the builder', async () => {
    serve({ contracts: [] })
    const post = vi.mocked(api.POST)
    post.mockImplementation((async () => reply(201, { contract: { id: 'c9', propertyId: 'p1' } })) as never)
    const { router } = renderPage(<DocumentsPage />, { path, initialEntries: ['/documents/Contracts?details=true&propertyId=p1'] })
    expect(await screen.findByText('No contracts for this property yet.')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: /START NEW/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contract-builder'))
    expect(post).toHaveBeenCalledWith('/api/contracts', { body: { propertyId: 'p1' } })
    expect(router.state.location.search).toBe('?view=draft&id=c9')
  })

  it('says so when the property is not the landlord’s', async () => {
    serve()
    renderPage(<DocumentsPage />, { path, initialEntries: ['/documents/Contracts?details=true&propertyId=nope'] })
    expect(await screen.findByText('This property could not be found.')).toBeInTheDocument()
  })
})
