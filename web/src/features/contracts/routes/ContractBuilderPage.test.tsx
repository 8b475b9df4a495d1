import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import { apiError, mockApi, polyfillDialog, renderPage, reply } from '../../../test/utils'
import ContractBuilderPage from './ContractBuilderPage'

const landlord = { id: 'u1', email: 'lara@example.com', fullName: 'Lara Lord', userType: 'Landlord', role: 'User' }
const tenant = { ...landlord, id: 'u2', email: 'tom@example.com', userType: 'Tenant' }
const catalogue = { jurisdictions: ['England'], depositSchemes: [], utilities: [], parkingTypes: [], maxTenants: 10 }

function draft(over: Record<string, unknown> = {}) {
  return {
    id: 'c1', status: 'Draft', paymentStatus: 'PENDING', propertyId: 'p1',
    property: { id: 'p1', addrFirstLine: '8 Northcote Road', addrSecondLine: '', town: 'London', postcode: 'SW11 1NT', country: 'United Kingdom' },
    contractType: 'Standard whole property', jurisdiction: 'England', askJurisdiction: false, libraryVersion: '', answers: {},
    step: 'landlord', history: ['landlord'], steps: ['landlord', 'serviceAddress', 'finished'], duplicate: false, mine: true, editable: true,
    createdAt: '2026-11-20T10:00:00Z', updatedAt: '2026-11-20T10:00:00Z', sentAt: null, ...over,
  }
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the contract lists', () => {
  it('lists drafts with the spec columns and en-GB dates', async () => {
    polyfillDialog()
    mockApi((path) => (path === '/api/contracts/catalogue' ? reply(200, catalogue) : reply(200, { contracts: [draft()] })), landlord)
    renderPage(<ContractBuilderPage />, { path: '/contract-builder', initialEntries: ['/contract-builder?view=draft'] })
    expect(await screen.findByRole('heading', { name: 'Draft Tenancy Contracts' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: '8 Northcote Road' })).toBeInTheDocument()
    // Two drafts for one property differ by their tenants and when they last changed (issue 27).
    expect(screen.getByRole('columnheader', { name: 'Last changed' })).toBeInTheDocument()
    expect(screen.getByText(/^20\/11\/2026, \d\d:\d\d$/)).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'Tenants' })).toBeInTheDocument()
    expect(screen.getByText('No tenants yet')).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'Contract type' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'CREATE NEW TENANCY CONTRACT' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Delete draft for 8 Northcote Road' })).toBeInTheDocument()
  })

  it('says when a list is empty, and hides creation from tenants', async () => {
    mockApi((path) => (path === '/api/contracts/catalogue' ? reply(200, catalogue) : reply(200, { contracts: [] })), tenant)
    renderPage(<ContractBuilderPage />, { path: '/contract-builder', initialEntries: ['/contract-builder?view=draft'] })
    // A tenant asking for drafts opens on the awaiting list.
    expect(await screen.findByRole('heading', { name: 'Contracts Awaiting Tenant Signature' })).toBeInTheDocument()
    expect(await screen.findByText('No Awaiting Signature Contracts')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'CREATE NEW TENANCY CONTRACT' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Draft' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Create New Tenancy Contract' })).not.toBeInTheDocument()
  })

  it('says when the list cannot be fetched', async () => {
    mockApi((path) => (path === '/api/contracts/catalogue' ? reply(200, catalogue) : apiError(500, 'internal', 'boom')), landlord)
    renderPage(<ContractBuilderPage />, { path: '/contract-builder', initialEntries: ['/contract-builder?view=completed'] })
    expect(await screen.findByText('error retrieving contracts...')).toBeInTheDocument()
  })
})

describe('the wizard', () => {
  it('shows the server field messages of a step', async () => {
    const put = vi.fn()
    mockApi((path) => {
      if (path === '/api/contracts/catalogue') return reply(200, catalogue)
      return reply(200, { contract: draft() })
    }, landlord)
    const { api } = await import('../../../lib/api')
    vi.spyOn(api, 'PUT').mockImplementation((async (...args: unknown[]) => {
      put(...args)
      return apiError(400, 'invalid', 'Provide a landlord name or company', { landlord: 'Provide a landlord name or company' })
    }) as never)
    renderPage(<ContractBuilderPage />, { path: '/contract-builder', initialEntries: ['/contract-builder?view=draft&id=c1'] })
    expect(await screen.findByRole('heading', { name: 'Landlord name or company' })).toBeInTheDocument()
    screen.getByRole('button', { name: 'Continue' }).click()
    expect(await screen.findByText('Provide a landlord name or company')).toBeInTheDocument()
    expect(put).toHaveBeenCalledWith('/api/contracts/{id}/steps', expect.objectContaining({ body: expect.objectContaining({ step: 'landlord' }) }))
  })
})
