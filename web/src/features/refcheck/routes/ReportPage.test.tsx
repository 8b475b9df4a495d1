import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { apiError, mockApi, renderPage, reply, sampleUser } from '../../../test/utils'
import ReportPage from './ReportPage'
import type { LandlordReport } from '../api/keys'
import { chartSummary } from '../reportFormat'
import { sampleReport } from '../testReport'

vi.setConfig({ testTimeout: 20_000 })
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const REPORT = '/api/reference-checks/{id}/renters/{renterId}/report'
const SEND = '/api/reference-checks/{id}/renters/{renterId}/report/send'

const landlordReport: LandlordReport = {
  referenceCheckId: 'c1',
  renterId: 'r1',
  name: 'Riley Renter',
  email: 'riley@example.com',
  property: { addrFirstLine: '8 Northcote Road', town: 'London', postcode: 'SW11 1NT' },
  rentPence: 85000,
  readyAt: '2026-11-22T10:00:00Z',
  report: sampleReport,
}

function open(send: () => ReturnType<typeof reply> = () => reply(200, { message: 'Resend successful!' })) {
  const api = mockApi((path) => {
    if (path === REPORT) return reply(200, landlordReport)
    if (path === SEND) return send()
    return apiError(500, 'internal', `unexpected ${path}`)
  }, sampleUser)
  renderPage(<ReportPage />, { path: '/reports/:checkId/:renterId', initialEntries: ['/reports/c1/r1'] })
  return api
}

describe("the landlord's report page", () => {
  it('shows the rating, every reason with its effect, the figures, the sources, the chart and the answers', async () => {
    const { get } = open()
    expect(await screen.findByRole('heading', { name: 'Reference report: Riley Renter', level: 1 })).toBeInTheDocument()
    expect(get.mock.calls.find((c) => c[0] === REPORT)?.[1]).toEqual({ params: { path: { id: 'c1', renterId: 'r1' } } })
    expect(screen.getByText('riley@example.com')).toBeInTheDocument()
    expect(screen.getByText('8 Northcote Road, London SW11 1NT')).toBeInTheDocument()
    expect(screen.getByText('Ready on 22 November 2026')).toBeInTheDocument()

    const badge = screen.getByText('Rating: Pass')
    expect(badge).toHaveClass('rating-badge--pass')
    expect(screen.getByText('The renter passes the affordability check.')).toBeInTheDocument()
    expect(screen.getByText('From 12 months of bank data, 1 November 2025 to 31 October 2026.')).toBeInTheDocument()

    const reasons = within(screen.getByRole('region', { name: 'Why this rating' })).getAllByRole('listitem')
    expect(reasons.map((li) => li.textContent)).toEqual([
      'In favour: Verified income of £31,800.00 a year is 37.4 times the monthly rent share of £850.00; at least 30 times is needed to pass.',
      'In favour: Verified monthly income of £2,650.00 is in line with the £2,650.00 the renter declared.',
      'For information: Regular outgoings of £1,415.69 a month take 53.4% of income.',
      'Referred: The renter did not declare having Right to Rent documents; you must check their right to rent before the tenancy starts.',
    ])
    expect(reasons[3]).toHaveClass('report-reason--refer')

    const figures = screen.getByRole('region', { name: 'Key figures' })
    expect(figures).toHaveTextContent('Verified monthly income£2,650.00')
    expect(figures).toHaveTextContent('Annual income to monthly rent share37.4 times')
    expect(figures).toHaveTextContent('Regular outgoings£1,415.69 a month (53.4% of income)')
    expect(figures).toHaveTextContent('GamblingNone found')
    expect(figures).toHaveTextContent('Riley Renter (matches the renter)')
    expect(screen.getByRole('region', { name: 'Income sources' })).toHaveTextContent('Acme Logistics Ltd SalarySalary · 12 payments£2,650.00 a month')

    const chart = screen.getByRole('img', { name: /Bar chart/ })
    expect(chart).toHaveAccessibleName(
      'Bar chart of monthly income and outgoings from November 2025 to October 2026: income averaged £2,650.00 a month and outgoings £1,470.69 a month.',
    )
    expect(chart.querySelectorAll('rect')).toHaveLength(24)
    const table = screen.getByRole('table', { name: 'Monthly income and outgoings' })
    expect(within(table).getAllByRole('row')).toHaveLength(13)
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('November 2025£2,650.00£1,415.69')

    const answers = screen.getByRole('region', { name: 'Self-declared answers' })
    expect(answers).toHaveTextContent('PetsNo pets')
    expect(answers).toHaveTextContent('SmokingSmokes')
    expect(answers).toHaveTextContent('Right to Rent documentsNot declared')
    expect(answers).toHaveTextContent("Previous property manager's e-mailold.agent@example.com")
    expect(screen.getByText(/Refusing a renter because they have children or receive benefits is unlawful/)).toBeInTheDocument()
  })

  it('links the PDF for download and e-mails the report on request', async () => {
    const { post } = open()
    const user = userEvent.setup({ delay: null })
    const pdf = await screen.findByRole('link', { name: 'Download PDF' })
    expect(pdf).toHaveAttribute('href', '/api/reference-checks/c1/renters/r1/report.pdf')
    expect(pdf).toHaveAttribute('download')
    await user.click(screen.getByRole('button', { name: 'E-mail me the report' }))
    expect((await screen.findByText('Resend successful!')).closest('.toast')).toHaveAttribute('role', 'status')
    expect(post.mock.calls[0]).toEqual([SEND, { params: { path: { id: 'c1', renterId: 'r1' } } }])
  })

  it("shows the server's message when e-mailed too recently, and when there is no report", async () => {
    open(() => apiError(429, 'too_soon', 'Please wait a minute before sending again.'))
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'E-mail me the report' }))
    const toast = await screen.findByRole('alert')
    expect(toast).toHaveTextContent('Please wait a minute before sending again.')
    expect(toast).toHaveClass('toast--warning')
    cleanup()

    mockApi(() => apiError(404, 'not_found', 'Report not found.'), sampleUser)
    renderPage(<ReportPage />, { path: '/reports/:checkId/:renterId', initialEntries: ['/reports/c1/nope'] })
    expect(await screen.findByRole('alert')).toHaveTextContent('Report not found.')
    expect(screen.getByRole('link', { name: 'Completed Reports' })).toHaveAttribute('href', '/dashboard?view=completed')
  })
})

describe('chart summary', () => {
  it('says what the chart shows', () => {
    expect(chartSummary([])).toBe('Monthly income and outgoings: no months to show.')
  })
})
