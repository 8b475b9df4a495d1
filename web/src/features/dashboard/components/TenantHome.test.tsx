import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import { mockApi, renderPage, reply, sampleUser } from '../../../test/utils'
import DashboardPage from '../routes/DashboardPage'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const tenant = { ...sampleUser, fullName: 'Tom Tenant', userType: 'Tenant' as const }

const tenancy = {
  id: 'c1', status: 'ATS', statusText: 'Awaiting signatures',
  property: { id: 'p1', addrFirstLine: '8 Northcote Road', addrSecondLine: '', town: 'London', postcode: 'SW11 1NT', country: 'United Kingdom' },
  address: '8 Northcote Road, London, SW11 1NT',
  landlord: { name: 'Lara Lord', email: 'lord@example.com', addressForNotices: '1 Office Row, London, SW1A 1AA' },
  rent: '£1,500.00 a month', startDate: '2026-12-01', nextRentDue: '2026-12-01', nextGasCheckDue: '2027-03-01', depositScheme: 'Deposit Protection Service',
  awaitingYourSignature: true, canSignNow: true, notice: '', link: '/contract-builder?view=awaiting&id=c1', signLink: '/contract-builder?view=awaiting&id=c1&mode=sign', pdfUrl: '',
  signers: [
    { role: 'Landlord', name: 'Lara Lord', signed: true, signedAt: '2026-11-20T10:00:00Z', me: false },
    { role: 'Tenant', name: 'Tom Tenant', signed: false, signedAt: null, me: true },
    { role: 'Tenant', name: 'Tess Tenant', signed: true, signedAt: '2026-11-21T10:00:00Z', me: false },
  ],
  certificates: [
    { name: 'Gas Safety Certificate', missing: false, expiresOn: '2027-03-01', copies: [{ filename: 'gas.pdf', url: '/api/contracts/c1/certificates/g/files/f' }] },
    { name: 'Prescribed information', missing: true, expiresOn: '', copies: [] },
  ],
}

describe("a tenant's home (issue 27)", () => {
  it('shows what awaits the signature, who signed, the landlord, the certificates and the dates', async () => {
    mockApi((path) => (path === '/api/me/home'
      ? reply(200, { name: 'Tom Tenant', tenancies: [tenancy], reports: [], referenceChecks: [],
        dates: [{ date: '2026-12-01', title: 'Tenancy starts', detail: '8 Northcote Road' }] })
      : reply(404, {})), tenant)
    renderPage(<DashboardPage />, { path: '/home' })
    expect(await screen.findByRole('heading', { name: 'What needs doing' }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Read and sign' })[0]).toHaveAttribute('href', tenancy.signLink)
    const signers = screen.getByRole('region', { name: 'Who has signed' })
    expect(within(signers).getByText(/Tom Tenant \(you\)/)).toBeInTheDocument()
    expect(within(signers).getByText('Signed on 21 November 2026')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'lord@example.com' })).toHaveAttribute('href', 'mailto:lord@example.com')
    expect(screen.getByText('1 Office Row, London, SW1A 1AA')).toBeInTheDocument()
    const certs = screen.getByRole('region', { name: "Your home's certificates" })
    expect(within(certs).getByRole('link', { name: /Download the Gas Safety Certificate/ })).toHaveAttribute('href', '/api/contracts/c1/certificates/g/files/f')
    expect(within(certs).getByText(/Not shared yet/)).toBeInTheDocument()
    expect(screen.getByText('1 December 2026')).toBeInTheDocument()
    // No landlord wording or landlord entries.
    expect(screen.queryByText(/Add a Property/i)).toBeNull()
  })

  it('says why an agreement whose start date passed cannot be signed, and offers to read it only', async () => {
    const notice = "This agreement's tenancy was to start on 1 December 2026, before everyone had signed."
    mockApi((path) => (path === '/api/me/home'
      ? reply(200, { name: 'Tom Tenant', tenancies: [{ ...tenancy, canSignNow: false, notice }], reports: [], referenceChecks: [], dates: [] })
      : reply(404, {})), tenant)
    renderPage(<DashboardPage />, { path: '/home' })
    const todo = await screen.findByRole('region', { name: 'What needs doing' }, { timeout: 5000 })
    expect(within(todo).getByText(notice, { exact: false })).toBeInTheDocument()
    expect(within(todo).queryByText(/is waiting for your signature/)).toBeNull()
    expect(within(todo).queryByRole('link', { name: 'Read and sign' })).toBeNull()
    expect(within(todo).getByRole('link', { name: 'Read the agreement' })).toHaveAttribute('href', tenancy.link)
  })

  it('says in plain words when there is nothing yet', async () => {
    mockApi((path) => (path === '/api/me/home' ? reply(200, { name: 'Tom', tenancies: [], reports: [], referenceChecks: [], dates: [] }) : reply(404, {})), tenant)
    renderPage(<DashboardPage />, { path: '/home' })
    expect(await screen.findByText('Nothing is waiting for you right now.')).toBeInTheDocument()
    expect(screen.getByText(/No tenancy agreement yet/)).toBeInTheDocument()
    expect(screen.getByText(/No inventory reports yet/)).toBeInTheDocument()
    expect(screen.getByText(/No reference checks/)).toBeInTheDocument()
  })
})
