import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError, mockApi, renderPage, reply } from '../../../test/utils'
import JobPage from '../routes/JobPage'
import type { Job } from '../api/visits'
import { formatPhone, poundsToPence } from '../visitFormat'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function job(over: Partial<Job> = {}): Job {
  return {
    state: 'offered', stateText: 'Sent, waiting for the contractor', contractor: 'Pat Plumber', landlord: 'Lara Landlord',
    landlordEmail: 'lara@example.com', address: '12 Park Row, Leeds LS1 5HD', category: 'Bathroom and WC', room: 'Bathroom',
    description: 'The basin tap drips.', answers: [{ question: 'Is water leaking?', answer: 'Yes' }], priority: 'urgent', emergency: false,
    availability: 'Weekdays after 4pm', entryWhenOut: false, note: 'Ring twice.', appointment: null,
    notice: { hours: 24, ruleId: 'ENG-ACCESS', title: 'Give notice', kind: 'legal', source: 'Landlord and Tenant Act 1985 s.11(6)', url: 'https://x', earliest: '2026-12-08T10:00:00Z', waived: false },
    arrivedAt: null, doneAt: null, doneNote: '', photos: [], invoice: null, expiresAt: '2026-12-21T10:00:00Z', can: ['accept', 'decline', 'propose'],
    ...over,
  }
}

describe("the contractor's job page", () => {
  it('shows the job without the tenant phone, and the server refusal of a visit inside the notice period beside the day', async () => {
    const user = userEvent.setup()
    const { post } = mockApi((path) => {
      if (path === '/api/jobs/{token}') return reply(200, { job: job() })
      if (path === '/api/jobs/{token}/appointment') {
        return apiError(409, 'short_notice', "England: the tenant must be given at least 24 hours' notice before a visit.", {
          start: "England: the tenant must be given at least 24 hours' notice before a visit.",
        })
      }
      return reply(404, {})
    })
    renderPage(<JobPage />, { path: '/job/:token', initialEntries: ['/job/tok123'] })
    expect(await screen.findByRole('heading', { name: 'Bathroom and WC: Bathroom', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('Ring twice.')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^07/ })).not.toBeInTheDocument()
    expect(screen.getByText(/at least 24 hours' notice: a visit can start from/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Propose this time' }))
    await waitFor(() => expect(post).toHaveBeenCalled())
    expect(post.mock.calls[0][0]).toBe('/api/jobs/{token}/appointment')
    const day = screen.getByLabelText('Day')
    expect(day).toHaveAttribute('aria-invalid', 'true')
    expect(day).toHaveAccessibleDescription(/24 hours' notice before a visit/)
  })

  it("shows the tenant's phone once accepted, and asks for the invoice after the work", async () => {
    mockApi((path) =>
      path === '/api/jobs/{token}'
        ? reply(200, { job: job({ state: 'done', stateText: 'Work done', tenantName: 'Tom Tenant', tenantPhone: '07700900456', doneAt: '2026-12-10T11:00:00Z', doneNote: 'New washer.', can: ['photo', 'invoice'] }) })
        : reply(404, {}),
    )
    renderPage(<JobPage />, { path: '/job/:token', initialEntries: ['/job/tok123'] })
    expect(await screen.findByRole('link', { name: '07700 900456' })).toHaveAttribute('href', 'tel:07700900456')
    expect(screen.getByRole('heading', { name: 'Send your invoice' })).toBeInTheDocument()
    expect(screen.getByLabelText(/^Amount/)).toBeInTheDocument()
  })

  it('shows only the message of a link that no longer works', async () => {
    mockApi(() => apiError(404, 'job_not_found', 'This link has expired or is no longer in use. If you still need it, please ask the landlord who sent it.'))
    renderPage(<JobPage />, { path: '/job/:token', initialEntries: ['/job/old'] })
    expect(await screen.findByText(/This link has expired or is no longer in use/)).toBeInTheDocument()
    expect(screen.queryByText(/Park Row/)).not.toBeInTheDocument()
  })
})

describe('poundsToPence', () => {
  it('reads pounds and pence as typed into whole pence, and refuses anything else', () => {
    expect(poundsToPence('125')).toBe('12500')
    expect(poundsToPence('125.5')).toBe('12550')
    expect(poundsToPence('£1,250.05')).toBe('125005')
    expect(poundsToPence('0.07')).toBe('7')
    for (const bad of ['', '-5', '12.505', 'abc', '0', '0.00', '1e3']) expect(poundsToPence(bad)).toBeNull()
  })

  it('shows phone numbers in groups', () => {
    expect(formatPhone('07700900123')).toBe('07700 900123')
    expect(formatPhone('02079460000')).toBe('020 7946 0000')
    expect(formatPhone('+447700900123')).toBe('+44 7700 900123')
  })
})
