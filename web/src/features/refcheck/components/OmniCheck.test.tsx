import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { api } from '../../../lib/api'
import { apiError, mockApi, polyfillDialog, renderPage, reply, sampleCatalogue, sampleUser, type Reply } from '../../../test/utils'
import OmniCheck from './OmniCheck'
import type { ReferenceCheck, ReferenceReport } from '../api/keys'
import type { Order } from '../../payment/api/keys'

beforeAll(polyfillDialog)
vi.setConfig({ testTimeout: 20_000 })
beforeEach(() => localStorage.clear())
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  delete (window as { matchMedia?: unknown }).matchMedia
})

const landlord = sampleUser
const property = {
  id: 'p1',
  address: { addrFirstLine: '12 Lavender Hill', addrSecondLine: '', town: 'London', postcode: 'SW11 5RW', country: 'United Kingdom' },
  rentPence: 185000,
  rentCycle: 'Monthly',
}

const renters = [
  { id: 'r1', name: 'Rita Renter', email: 'rita@example.com', status: 'Not Notified' as const, notifiedAt: null },
  { id: 'r2', name: 'Sam Sharer', email: 'sam@example.com', status: 'Not Notified' as const, notifiedAt: null },
]
const check: ReferenceCheck = {
  id: 'c1',
  propertyId: 'p1',
  referenceCheckType: 'instant',
  rentPence: 185000,
  depositPence: 250000,
  status: 'Awaiting Payment',
  orderId: 'o1',
  renters,
  createdAt: '2026-11-05T10:00:00Z',
}
const lineOf = (r: { name: string; email: string }) => ({
  productType: 'instant-reference-check' as const,
  description: `${r.name} <${r.email}>`,
  unitPence: 899,
  wasPence: 1799,
  qty: 1,
})
const order: Order = {
  id: 'o1',
  orderType: 'reference-check',
  subjectId: 'c1',
  status: 'pending',
  currency: 'GBP',
  items: renters.map(lineOf),
  promoCodes: [],
  wasPence: 3598,
  fullPence: 1798,
  totalPence: 1798,
  percentOff: 0,
  provider: '',
  receiptEmail: landlord.email,
  paidAt: null,
  createdAt: '2026-11-05T10:00:00Z',
  receiptNumber: '',
}

// The server's deposit-cap warning for the amounts these tests type (the
// pages ask it rather than work it out).
const capWarning = (cap: string, weeks: number) =>
  `This deposit is more than the legal cap of ${cap} (${weeks} weeks' rent) under the Tenant Fees Act 2019. In England a landlord may not take more.`
const capWarnings: Record<string, string> = {
  '185000/2134000': capWarning('£2,134.61', 5),
  '185000/250000': capWarning('£2,134.61', 5),
  '420000/581600': capWarning('£5,815.38', 6),
}

type Handler = (method: string, path: string, init?: { body?: unknown; params?: unknown }) => Reply | Promise<Reply> | undefined

/** landlordApi serves the session, the properties, the check and its order; handler answers the rest. */
function landlordApi(handler: Handler = () => undefined) {
  const fallback = (method: string, path: string, init?: { body?: unknown; params?: unknown }) => {
    const r = handler(method, path, init)
    if (r) return r
    if (method === 'GET' && path === '/api/properties') return reply(200, { properties: [property] })
    if (method === 'GET' && path === '/api/reference-checks/{id}')
      return reply(200, { referenceCheck: check, depositWarning: capWarnings[`${check.rentPence}/${check.depositPence}`] ?? '' })
    if (method === 'GET' && path === '/api/reference-checks/deposit-warning') {
      const q = (init?.params as { query: { rentPence: number; depositPence: number } }).query
      return reply(200, { depositWarning: capWarnings[`${q.rentPence}/${q.depositPence}`] ?? '' })
    }
    if (method === 'GET' && path === '/api/catalogue') return reply(200, sampleCatalogue)
    if (method === 'GET' && path === '/api/orders/{id}') return reply(200, { order, provider: 'sandbox' })
    if (method === 'GET' && path === '/api/reference-reports') return reply(200, { reports: [] })
    return apiError(500, 'internal', `unexpected ${method} ${path}`)
  }
  const { get, post } = mockApi(() => reply(500), landlord)
  get.mockImplementation((async (path: string, init?: { body?: unknown }) =>
    path === '/api/auth/session' ? reply(200, { user: landlord }) : fallback('GET', path, init)) as never)
  post.mockImplementation((async (path: string, init?: { body?: unknown }) => fallback('POST', path, init)) as never)
  const del = vi.spyOn(api, 'DELETE').mockImplementation((async (path: string, init?: { params?: unknown }) => fallback('DELETE', path, init)) as never)
  return { get, post, del }
}

function open(entry = '/dashboard') {
  return renderPage(<OmniCheck user={landlord} />, { path: '/dashboard', initialEntries: [entry] })
}

const search = (router: { state: { location: { search: string } } }) => router.state.location.search

describe('OmniCheck initiate', () => {
  it('welcomes on the first visit only, then opens on the type choice', async () => {
    landlordApi()
    const user = userEvent.setup({ delay: null })
    open()
    expect(screen.getByRole('heading', { name: 'Welcome to OmniCheck, Ann' })).toBeInTheDocument()
    // The welcome says what the check verifies and nothing more (issue 43): no identity or right to rent claim.
    const welcome = screen.getByRole('region', { name: 'Welcome to OmniCheck, Ann' })
    expect(welcome).toHaveTextContent(/verifies income, outgoings and affordability/)
    expect(welcome).toHaveTextContent(/It is not an identity check and not a Right to Rent check/)
    expect(welcome).not.toHaveTextContent(/covers identity|identity, income|verified through/)
    const tabs = screen.getByRole('navigation', { name: 'Reference checks' })
    expect(within(tabs).getByRole('link', { name: 'Initiate' })).toHaveAttribute('aria-current', 'page')
    expect(within(tabs).getByRole('link', { name: 'Active Reports' })).toHaveAttribute('href', '/dashboard?view=active')
    expect(within(tabs).getByRole('link', { name: 'Completed Reports' })).toHaveAttribute('href', '/dashboard?view=completed')
    await user.click(screen.getByRole('button', { name: 'GET STARTED' }))
    expect(await screen.findByRole('heading', { name: 'Choose your reference check' })).toBeInTheDocument()
    cleanup()

    open()
    expect(await screen.findByRole('heading', { name: 'Choose your reference check' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: /Welcome to OmniCheck/ })).not.toBeInTheDocument()
  })

  it('offers the Instant Check at £8.99 (was £17.99) with its features, a sample report and the coming-soon add-ons', async () => {
    landlordApi()
    const user = userEvent.setup({ delay: null })
    const { router } = open('/dashboard?view=initiate&step=reference')
    const card = screen.getByRole('article', { name: 'Instant Check' })
    // The prices are the server's catalogue's.
    await waitFor(() => expect(card).toHaveTextContent('was £17.99'))
    expect(card).toHaveTextContent('now £8.99')
    const features = within(card).getByRole('list', { name: 'The Instant Check includes' })
    expect(within(features).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Income verified from bank data (open banking)',
      'Affordability rating',
      'Spending ratio',
      'Affordability graph',
      'Income sources',
      "Bank account holder's name compared with the renter's",
      'Gambling activity',
      "The renter's own answers: Right to Rent documents, pets, smoking, previous landlord's e-mail (not verified)",
    ])
    // What it is not: no identity or Right to Rent check; the landlord does that, with the guidance.
    expect(card).not.toHaveTextContent('Identity verification')
    expect(card).toHaveTextContent('Right to Rent: not checked.')
    expect(within(card).getByRole('link', { name: /Home Office guide to Right to Rent checks/ })).toHaveAttribute(
      'href',
      'https://www.gov.uk/government/publications/landlords-guide-to-right-to-rent-checks',
    )
    expect(screen.getByText('+ Credit Check')).toHaveTextContent('Coming soon')
    expect(screen.getByText('+ Comprehensive')).toHaveTextContent('Coming soon')
    expect(screen.getByText(/A comprehensive check takes 2-5 days/)).toBeInTheDocument()
    expect(screen.getByText('Total (incl. VAT)').parentElement).toHaveTextContent('£8.99')

    await user.click(screen.getByRole('button', { name: 'View a sample report' }))
    const sample = screen.getByRole('dialog', { name: 'Sample Instant Check report' })
    expect(sample).toHaveTextContent('Affordability rating')
    await user.click(within(sample).getByRole('button', { name: 'Close' }))

    await user.click(screen.getByRole('button', { name: 'CONTINUE' }))
    expect(await screen.findByRole('heading', { name: 'Renters and property' })).toBeInTheDocument()
    expect(search(router)).toBe('?view=initiate&step=form')
  })
})

describe('the reference form (spec 2 section 5)', () => {
  async function openForm() {
    const user = userEvent.setup({ delay: null })
    const utils = open('/dashboard?view=initiate&step=form')
    await screen.findByRole('option', { name: '12 Lavender Hill, London, SW11 5RW' })
    return { user, ...utils }
  }
  const submit = () => screen.getByRole('button', { name: 'CONTINUE TO PAYMENT' })

  it('says each rule word for word and sends nothing', async () => {
    const { post } = landlordApi()
    const { user } = await openForm()
    await user.click(submit())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('All fields are required.'))

    await user.type(screen.getByLabelText('Renter 1 full name'), 'Rita 2')
    await user.type(screen.getByLabelText('Renter 1 email'), 'rita@example.com')
    await user.selectOptions(screen.getByLabelText('Rental property'), 'p1')
    expect(screen.getByLabelText('Monthly rent (£)')).toHaveValue('1850') // from the property
    await user.type(screen.getByLabelText('Security deposit (£)'), '2 000')
    expect(screen.getByLabelText('Security deposit (£)')).toHaveValue('2000')
    await user.click(submit())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Names cannot contain numbers.'))

    await user.clear(screen.getByLabelText('Renter 1 full name'))
    await user.type(screen.getByLabelText('Renter 1 full name'), 'Rita Renter')
    await user.click(screen.getByRole('button', { name: 'Add renter' }))
    await user.type(screen.getByLabelText('Renter 2 full name'), 'Sam Sharer')
    await user.type(screen.getByLabelText('Renter 2 email'), 'sam@example')
    await user.click(submit())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('sam@example is not a valid email address'))

    await user.clear(screen.getByLabelText('Renter 2 email'))
    await user.type(screen.getByLabelText('Renter 2 email'), 'RITA@example.com')
    await user.click(submit())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent("Renters' emails should not be duplicated."))
    expect(post).not.toHaveBeenCalled()

    // Removing a renter row needs more than one.
    await user.click(screen.getByRole('button', { name: 'Remove renter 2' }))
    expect(screen.queryByLabelText('Renter 2 full name')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remove renter 1' })).not.toBeInTheDocument()
  })

  it('warns as the deposit passes the legal cap, citing the rule', async () => {
    landlordApi()
    const { user } = await openForm()
    await user.type(screen.getByLabelText('Monthly rent (£)'), '1850')
    await user.type(screen.getByLabelText('Security deposit (£)'), '2134')
    expect(screen.queryByText(/Tenant Fees Act 2019/)).not.toBeInTheDocument()
    await user.type(screen.getByLabelText('Security deposit (£)'), '0')
    expect(await screen.findByText(/Tenant Fees Act 2019/)).toHaveTextContent(
      "This deposit is more than the legal cap of £2,134.61 (5 weeks' rent) under the Tenant Fees Act 2019.",
    )
    expect(screen.getByLabelText('Security deposit (£)')).toHaveAccessibleDescription(/legal cap of £2,134.61/)
    await user.clear(screen.getByLabelText('Monthly rent (£)'))
    await user.type(screen.getByLabelText('Monthly rent (£)'), '4200')
    await user.clear(screen.getByLabelText('Security deposit (£)'))
    await user.type(screen.getByLabelText('Security deposit (£)'), '5816')
    await waitFor(() => expect(screen.getByText(/Tenant Fees Act 2019/)).toHaveTextContent("legal cap of £5,815.38 (6 weeks' rent)"))
  })

  it('sends pence and the renters, then moves to payment', async () => {
    const { post } = landlordApi((method, path) =>
      method === 'POST' && path === '/api/reference-checks' ? reply(201, { referenceCheck: check, order, depositWarning: '' }) : undefined,
    )
    const { user, router } = await openForm()
    await user.type(screen.getByLabelText('Renter 1 full name'), 'Rita Renter')
    await user.type(screen.getByLabelText('Renter 1 email'), 'rita@example.com')
    await user.click(screen.getByRole('button', { name: 'Add renter' }))
    await user.type(screen.getByLabelText('Renter 2 full name'), 'Sam Sharer')
    await user.type(screen.getByLabelText('Renter 2 email'), ' sam@example.com ')
    await user.selectOptions(screen.getByLabelText('Rental property'), 'p1')
    await user.type(screen.getByLabelText('Security deposit (£)'), '2000')
    expect(screen.getByText('Total (incl. VAT), 2 renters').parentElement).toHaveTextContent('£17.98')
    await user.click(submit())
    await waitFor(() => expect(search(router)).toBe('?view=initiate&step=pay&check=c1'))
    expect(post.mock.calls[0][1]).toEqual({
      body: {
        referenceCheckType: 'instant',
        propertyId: 'p1',
        rentPence: 185000,
        depositPence: 200000,
        renters: [
          { name: 'Rita Renter', email: 'rita@example.com' },
          { name: 'Sam Sharer', email: 'sam@example.com' },
        ],
      },
    })
    expect(await screen.findByRole('region', { name: 'Basket' })).toBeInTheDocument()
  })

  it("shows the server's refusal", async () => {
    landlordApi((method, path) =>
      method === 'POST' && path === '/api/reference-checks' ? apiError(404, 'not_found', 'Property not found.') : undefined,
    )
    const { user } = await openForm()
    await user.type(screen.getByLabelText('Renter 1 full name'), 'Rita Renter')
    await user.type(screen.getByLabelText('Renter 1 email'), 'rita@example.com')
    await user.selectOptions(screen.getByLabelText('Rental property'), 'p1')
    await user.type(screen.getByLabelText('Security deposit (£)'), '0')
    await user.click(submit())
    expect(await screen.findByRole('alert')).toHaveTextContent('Property not found.')
  })
})

describe('reference-check payment', () => {
  it('keeps the deposit-cap warning on the payment page after a reload', async () => {
    landlordApi()
    open('/dashboard?view=initiate&step=pay&check=c1') // straight to payment, as after a reload
    // Rent £1,850 a month: five weeks is £2,134.61; the check's deposit is £2,500.
    expect(await screen.findByText(/more than the legal cap of £2,134\.61 \(5 weeks' rent\) under the Tenant Fees Act 2019/)).toBeInTheDocument()
  })

  it('asks before removing a renter from the basket, then removes them on the server', async () => {
    const rest = { ...order, items: [lineOf(renters[0])], wasPence: 1799, fullPence: 899, totalPence: 899 }
    const { del } = landlordApi((method, path) =>
      method === 'DELETE' && path === '/api/reference-checks/{id}/renters/{renterId}' ? reply(200, { order: rest }) : undefined,
    )
    const user = userEvent.setup({ delay: null })
    open('/dashboard?view=initiate&step=pay&check=c1')
    await user.click(await screen.findByRole('button', { name: 'Remove sam@example.com' }))
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' })
    expect(dialog).toHaveTextContent('Are you sure you want to remove sam@example.com?')
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(screen.getByTestId('basket-total')).toHaveTextContent('£8.99'))
    expect(del.mock.calls[0][1]).toEqual({ params: { path: { id: 'c1', renterId: 'r2' } } })
    // The last renter stays.
    expect(screen.queryByRole('button', { name: 'Remove rita@example.com' })).not.toBeInTheDocument()
  })

  it('a free basket buys with PURCHASE INSTANT CHECK and lands on the success page', async () => {
    const free = { ...order, promoCodes: [{ code: 'FREE', discount: 100 }], totalPence: 0, percentOff: 100 }
    const paidCheck = { ...check, status: 'Payment Complete', renters: renters.map((r) => ({ ...r, status: 'Renter Notified' })) }
    let paid = false
    landlordApi((method, path) => {
      if (method === 'GET' && path === '/api/orders/{id}') return reply(200, { order: free, provider: 'sandbox' })
      if (method === 'GET' && path === '/api/reference-checks/{id}' && paid) return reply(200, { referenceCheck: paidCheck })
      if (method === 'POST' && path === '/api/orders/{id}/free') {
        paid = true
        return reply(200, { order: { ...free, status: 'paid', provider: 'free' }, provider: 'sandbox' })
      }
      return undefined
    })
    const user = userEvent.setup({ delay: null })
    const { router } = open('/dashboard?view=initiate&step=pay&check=c1')
    await user.click(await screen.findByRole('button', { name: 'PURCHASE INSTANT CHECK' }))
    expect(await screen.findByRole('heading', { name: 'Thank you for your purchase!' })).toBeInTheDocument()
    expect(search(router)).toBe('?view=initiate&step=success&check=c1')
    expect(screen.getByText(/sent to your renters/)).toHaveTextContent('You will receive a confirmation e-mail, and the completed report will follow')
    await user.click(screen.getByRole('button', { name: 'START NEW CHECK' }))
    expect(await screen.findByRole('heading', { name: 'Choose your reference check' })).toBeInTheDocument()
  })
})

const report = (over: Partial<ReferenceReport> = {}): ReferenceReport => ({
  referenceCheckId: 'c1',
  renterId: 'r1',
  name: 'Rita Renter',
  email: 'rita@example.com',
  status: 'Renter Notified',
  property: { addrFirstLine: '12 Lavender Hill', town: 'London', postcode: 'SW11 5RW' },
  initiatedAt: '2026-11-05T23:30:00Z', // 5 November in London
  ...over,
})

describe('Active and Completed Reports', () => {
  it("says 'Populating reports...' while loading, then the empty texts", async () => {
    let answer: (r: Reply) => void = () => {}
    landlordApi((method, path) => (method === 'GET' && path === '/api/reference-reports' ? new Promise<Reply>((r) => (answer = r)) : undefined))
    open('/dashboard?view=active')
    expect(await screen.findByText('Populating reports...')).toBeInTheDocument()
    answer(reply(200, { reports: [] }))
    expect(await screen.findByText('No active reports.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'INITIATE REFERENCE CHECK' })).toHaveAttribute('href', '/dashboard?view=initiate&step=reference')
    cleanup()

    landlordApi()
    open('/dashboard?view=completed')
    expect(await screen.findByText('No completed reports.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Completed Reports' })).toBeInTheDocument()
  })

  it('lists renters under RENTER, EMAIL, PROPERTY, INITIATION DATE, STATUS with RESEND', async () => {
    const { get, post } = landlordApi((method, path) => {
      if (method === 'GET' && path === '/api/reference-reports')
        return reply(200, {
          reports: [report(), report({ renterId: 'r2', name: 'Sam Sharer', email: 'sam@example.com', status: 'Not Notified' })],
        })
      if (method === 'POST' && path === '/api/reference-checks/{id}/renters/{renterId}/resend') return reply(200, { message: 'Resend successful!' })
      return undefined
    })
    const user = userEvent.setup({ delay: null })
    open('/dashboard?view=active')
    const table = await screen.findByRole('table', { name: 'Active Reports' })
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['RENTER', 'EMAIL', 'PROPERTY', 'INITIATION DATE', 'STATUS', 'Action'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(within(rows[0]).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'Rita Renter',
      'rita@example.com',
      '12 Lavender Hill, London SW11 5RW',
      '05/11/2026',
      'Renter Notified',
      'RESEND',
    ])
    expect(get.mock.calls.find((c) => c[0] === '/api/reference-reports')?.[1]).toEqual({ params: { query: { status: 'active' } } })
    await user.click(within(rows[1]).getByRole('button', { name: 'RESEND to sam@example.com' }))
    expect((await screen.findByText('Resend successful!')).closest('.toast')).toHaveAttribute('role', 'status')
    expect(post.mock.calls[0][1]).toEqual({ params: { path: { id: 'c1', renterId: 'r2' } } })
  })

  it("shows the server's message when resending too soon", async () => {
    landlordApi((method, path) => {
      if (method === 'GET' && path === '/api/reference-reports') return reply(200, { reports: [report()] })
      if (method === 'POST') return apiError(429, 'too_soon', 'Please wait a minute before sending again.')
      return undefined
    })
    const user = userEvent.setup({ delay: null })
    open('/dashboard?view=active')
    await user.click(await screen.findByRole('button', { name: 'RESEND to rita@example.com' }))
    const toast = await screen.findByRole('alert')
    expect(toast).toHaveTextContent('Please wait a minute before sending again.')
    expect(toast).toHaveClass('toast--warning')
  })

  it('completed reports: View report, DOWNLOAD e-mails the report again, Download PDF saves it', async () => {
    let sent = 0
    const { post } = landlordApi((method, path) => {
      if (method === 'GET' && path === '/api/reference-reports') return reply(200, { reports: [report({ status: 'Process Complete' })] })
      if (method === 'POST' && path === '/api/reference-checks/{id}/renters/{renterId}/report/send') {
        sent++
        return sent === 1 ? reply(200, { message: 'Resend successful!' }) : apiError(429, 'too_soon', 'Please wait a minute before sending again.')
      }
      return undefined
    })
    const user = userEvent.setup({ delay: null })
    open('/dashboard?view=completed')
    const table = await screen.findByRole('table', { name: 'Completed Reports' })
    expect(within(table).queryByRole('button', { name: /RESEND/ })).not.toBeInTheDocument()
    expect(within(table).getByRole('link', { name: 'View report for rita@example.com' })).toHaveAttribute('href', '/reports/c1/r1')
    const pdf = within(table).getByRole('link', { name: 'Download PDF for rita@example.com' })
    expect(pdf).toHaveAttribute('href', '/api/reference-checks/c1/renters/r1/report.pdf')
    expect(pdf).toHaveAttribute('download')

    const download = within(table).getByRole('button', { name: 'DOWNLOAD report for rita@example.com' })
    expect(download).toBeEnabled()
    expect(download).toHaveTextContent('DOWNLOAD')
    expect(download).toHaveAccessibleDescription('DOWNLOAD e-mails the report to you again; Download PDF saves it on this device.')
    await user.click(download)
    expect((await screen.findByText('Resend successful!')).closest('.toast')).toHaveAttribute('role', 'status')
    expect(post.mock.calls[0]).toEqual(['/api/reference-checks/{id}/renters/{renterId}/report/send', { params: { path: { id: 'c1', renterId: 'r1' } } }])
    await user.click(download)
    const toast = await screen.findByRole('alert')
    expect(toast).toHaveTextContent('Please wait a minute before sending again.')
    expect(toast).toHaveClass('toast--warning')
  })

  it('shows the same data as cards on a phone', async () => {
    window.matchMedia = ((q: string) => ({
      matches: q === '(max-width: 720px)',
      media: q,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia
    landlordApi((method, path) => (method === 'GET' && path === '/api/reference-reports' ? reply(200, { reports: [report()] }) : undefined))
    open('/dashboard?view=active')
    const list = await screen.findByRole('list', { name: 'Active Reports' })
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const card = within(list).getByRole('listitem')
    expect(within(card).getByRole('heading', { name: 'Rita Renter' })).toBeInTheDocument()
    expect(card).toHaveTextContent('Emailrita@example.com')
    expect(card).toHaveTextContent('Property12 Lavender Hill, London SW11 5RW')
    expect(card).toHaveTextContent('Initiation date05/11/2026')
    expect(card).toHaveTextContent('StatusRenter Notified')
    expect(within(card).getByRole('button', { name: 'RESEND to rita@example.com' })).toBeInTheDocument()
  })
})
