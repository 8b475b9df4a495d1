import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, fireEvent, waitFor } from '@testing-library/react'
import { apiError, mockApi, renderPage, reply } from '../../../test/utils'
import ContractBuilderPage from '../routes/ContractBuilderPage'

const landlord = { id: 'u1', email: 'lara@example.com', fullName: 'Lara Lord', userType: 'Landlord', role: 'User' }
const catalogue = { jurisdictions: ['England'], depositSchemes: [], utilities: [], parkingTypes: [], maxTenants: 10 }
const src = { statute: 'A statute', source: 'https://www.legislation.gov.uk/x', confidence: 'H' }

function welsh() {
  return {
    jurisdiction: 'Wales', regime: 'standard occupation contract', law: 'the Renting Homes (Wales) Act 2016', source: 'https://www.legislation.gov.uk/anaw/2016/1',
    vocabulary: { agreement: 'standard occupation contract', document: 'written statement of the occupation contract', tenant: 'contract-holder',
      tenants: 'contract-holders', startDate: 'occupation date', landlordNotice: "landlord's notice (form RHW16)" },
    requiredDetails: [{ key: 'rentSmartRegistration', label: 'Rent Smart Wales registration number', help: 'Write the number.', pendingAllowed: false, required: true, ...src }],
    deposit: { schemes: ['Deposit Protection Service', 'mydeposits', 'Tenancy Deposit Scheme'], custodialOnly: false, ...src },
    holdingDeposit: { allowed: true, maxWeeks: 1, ...src }, prohibitedPayments: { text: 'Only permitted payments.', ...src },
    deadlines: [{ id: 'written-statement', title: 'Give the contract-holder the written statement', day: '2026-12-20', when: 'Sun 20 Dec 2026', ...src }],
    rentIncrease: { firstNotBeforeMonths: 0, minMonthsBetween: 12, noticeMonths: 2, ...src }, rightToRent: false,
    generator: { name: 'Welsh Government, Renting Homes guidance', url: 'https://www.gov.wales/landlords-housing-law-has-changed-renting-homes' },
    statutoryText: [], missing: [{ id: 'fundamental-provisions', title: 'The fundamental provisions', instrument: 'Renting Homes (Wales) Act 2016',
      source: 'https://www.legislation.gov.uk/anaw/2016/1/contents', version: 'as in force on 1 June 2026', status: 'missing' }],
    depositCap: '', canGenerate: false, refusal: 'OmniRent cannot make it yet.', firstRentIncrease: 'Thu 10 Dec 2026',
  }
}

function draft() {
  return {
    id: 'c1', status: 'Draft', paymentStatus: 'PENDING', propertyId: 'p1',
    property: { id: 'p1', addrFirstLine: '2 Castle Street', addrSecondLine: '', town: 'Cardiff', postcode: 'CF10 1EP', country: 'United Kingdom' },
    contractType: '', jurisdiction: 'Wales', askJurisdiction: false, jurisdictionChoices: ['Wales'], libraryVersion: '',
    answers: { jurisdiction: 'Wales', nation: { rentPeriod: 'monthly', details: {}, startDate: '2026-12-07' } },
    step: 'landlord', history: ['landlord'], steps: ['landlord', 'finished'], duplicate: false, mine: true, editable: true,
    createdAt: '2026-11-20T10:00:00Z', updatedAt: '2026-11-20T10:00:00Z', sentAt: null, depositReceivedOn: '', startDatePassed: false, notice: '',
    nation: welsh(),
  }
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('a draft in Wales', () => {
  it("uses Wales's words, names the missing statutory text and links the government's generator", async () => {
    mockApi((path) => (path === '/api/contracts/catalogue' ? reply(200, catalogue) : reply(200, { contract: draft() })), landlord)
    renderPage(<ContractBuilderPage />, { path: '/contract-builder', initialEntries: ['/contract-builder?view=draft&id=c1'] })
    expect(await screen.findByRole('heading', { name: 'Standard occupation contract (Wales)' })).toBeInTheDocument()
    // The England wizard is not shown.
    expect(screen.queryByRole('heading', { name: 'Landlord name or company' })).not.toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Contract-holder' })).toBeInTheDocument()
    expect(screen.getByLabelText('Occupation date')).toHaveValue('2026-12-07')
    expect(screen.getByLabelText('Rent Smart Wales registration number')).toBeInTheDocument()
    expect(screen.getByText('OmniRent cannot make this written statement of the occupation contract yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Welsh Government, Renting Homes guidance' })).toHaveAttribute('href', 'https://www.gov.wales/landlords-housing-law-has-changed-renting-homes')
    expect(screen.getByText('Sun 20 Dec 2026')).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Tenancy Deposit Scheme' })).toBeInTheDocument()
  })

  it('shows the server refusal beside its field, and keeps what was typed', async () => {
    // The server keeps refused answers; the page reads the draft again.
    let kept: unknown = draft().answers
    mockApi((path) => (path === '/api/contracts/catalogue' ? reply(200, catalogue) : reply(200, { contract: { ...draft(), answers: kept } })), landlord)
    const msg = 'Restricting children is not allowed. Source: Renting Homes (Wales) Act 2016, section 54A. Please reword or remove: "No children."'
    const { api } = await import('../../../lib/api')
    const put = vi.spyOn(api, 'PUT').mockImplementation((async (_path: string, opts: { body: unknown }) => {
      kept = opts.body
      return apiError(400, 'nation_rules', msg, { 'nation.additionalTerms': msg })
    }) as never)
    renderPage(<ContractBuilderPage />, { path: '/contract-builder', initialEntries: ['/contract-builder?view=draft&id=c1'] })
    const terms = await screen.findByLabelText('Terms agreed with the contract-holder (optional)')
    fireEvent.change(terms, { target: { value: 'No children.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save and check' }))
    expect(await screen.findAllByText(msg)).not.toHaveLength(0)
    expect(terms).toHaveValue('No children.')
    expect(put).toHaveBeenCalledWith('/api/contracts/{id}/nation', expect.objectContaining({
      body: expect.objectContaining({ nation: expect.objectContaining({ additionalTerms: 'No children.' }) }) }))
  })

  it("lets a border district's landlord change the country", async () => {
    mockApi((path) => (path === '/api/contracts/catalogue' ? reply(200, catalogue)
      : reply(200, { contract: { ...draft(), askJurisdiction: true, jurisdictionChoices: ['England', 'Wales'], property: { ...draft().property, postcode: 'CH5 1AB' } } })), landlord)
    const { api } = await import('../../../lib/api')
    const put = vi.spyOn(api, 'PUT').mockImplementation((async () => reply(200, { contract: { ...draft(), jurisdiction: 'England', nation: undefined } })) as never)
    renderPage(<ContractBuilderPage />, { path: '/contract-builder', initialEntries: ['/contract-builder?view=draft&id=c1'] })
    const where = await screen.findByLabelText('Where is the property?')
    expect(where).toHaveValue('Wales')
    fireEvent.change(where, { target: { value: 'England' } })
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/contracts/{id}/steps', expect.objectContaining({
      body: expect.objectContaining({ step: 'jurisdiction', answers: expect.objectContaining({ jurisdiction: 'England' }) }) })))
  })
})
