import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError, mockApi, renderPage, reply, sampleUser } from '../../../test/utils'
import ContractorsPage from '../routes/ContractorsPage'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const gasRule = {
  scheme: 'Gas Safe Register', label: 'Gas Safe registration number', required: true,
  source: 'Gas Safety (Installation and Use) Regulations 1998, reg. 3', url: 'https://www.legislation.gov.uk/uksi/1998/2451/regulation/3', effectiveFrom: '2009-04-01',
}
const list = {
  trades: [{ id: 'gas', name: 'Gas engineer', registration: gasRule }, { id: 'plumber', name: 'Plumber', registration: null }],
  contractors: [{
    id: 'c1', name: 'Gail Gas', trade: 'gas', tradeName: 'Gas engineer', phone: '07700900999', email: 'gail@example.com', registration: '123456',
    registrationLabel: 'Gas Safe registration number', insuranceExpires: '2026-10-01', insuranceText: 'Expired on Thu 1 Oct 2026', insuranceExpired: true,
    warnings: ['Their insurance expired on Thu 1 Oct 2026. Ask for a current certificate before sending them a job.'], updatedAt: '2026-11-02T09:00:00Z',
  }],
}

describe("the landlord's contractors", () => {
  it('lists them with the registration and an expired insurance as a warning', async () => {
    mockApi((path) => (path === '/api/contractors' ? reply(200, list) : reply(404, {})), sampleUser)
    renderPage(<ContractorsPage />, { path: '/maintenance/contractors' })
    const card = (await screen.findByText('Gail Gas', { selector: '.rp-card__title' })).closest('li') as HTMLElement
    expect(card).toHaveTextContent('Gas Safe registration number: 123456')
    expect(within(card).getByText('Insurance: Expired on Thu 1 Oct 2026')).toHaveClass('rp-warn')
    expect(card).toHaveTextContent('Ask for a current certificate')
  })

  it("asks for the trade's registration, and shows the server's message beside it, keeping what was typed", async () => {
    const user = userEvent.setup()
    mockApi((path, init) => {
      if (path === '/api/contractors' && init?.body) {
        return apiError(400, 'invalid', 'A gas engineer needs their Gas Safe registration number: the law requires it for this work.', {
          registration: 'A gas engineer needs their Gas Safe registration number: the law requires it for this work.',
        })
      }
      return path === '/api/contractors' ? reply(200, { ...list, contractors: [] }) : reply(404, {})
    }, sampleUser)
    renderPage(<ContractorsPage />, { path: '/maintenance/contractors' })
    await user.click(await screen.findByRole('button', { name: 'Add a contractor' }))
    await user.type(screen.getByLabelText('Name'), 'Gus Gas')
    await user.selectOptions(screen.getByLabelText('Trade'), 'gas')
    const reg = screen.getByLabelText('Gas Safe registration number')
    expect(reg).toHaveAccessibleDescription(/Required by law for this work: Gas Safety/)
    await user.type(screen.getByLabelText('Phone'), '07700 900123')
    await user.click(screen.getByRole('button', { name: 'Save the contractor' }))
    await waitFor(() => expect(reg).toHaveAttribute('aria-invalid', 'true'))
    expect(reg).toHaveAccessibleDescription(/the law requires it for this work/)
    expect(screen.getByLabelText('Name')).toHaveValue('Gus Gas')
  })
})
