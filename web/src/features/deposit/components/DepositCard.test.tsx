import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { api } from '../../../lib/api'
import { apiError, mockApi, renderPage, reply, sampleUser } from '../../../test/utils'
import DepositsPage from '../routes/DepositsPage'
import { depositTenancy } from '../testdata'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const tenant = { ...sampleUser, userType: 'Tenant' as const }

describe('deposit protection', () => {
  it('warns the landlord of a late deposit with what it can cost, and keeps what they typed beside the refusal', async () => {
    const user = userEvent.setup()
    mockApi((path) => (path === '/api/deposits' ? reply(200, { tenancies: [depositTenancy()] }) : reply(404, {})), sampleUser)
    const put = vi.spyOn(api, 'PUT').mockImplementation((async () =>
      apiError(400, 'invalid', 'Please check the highlighted answers.', { protectedOn: 'This day cannot be in the future.' })) as never)
    renderPage(<DepositsPage />, { path: '/deposits' })
    expect(await screen.findByRole('alert')).toHaveTextContent('£1,200.00 to £3,600.00')
    expect(screen.getAllByText('Overdue')).toHaveLength(2)
    const form = screen.getByRole('form', { name: "Record the deposit's protection" })
    await user.selectOptions(within(form).getByLabelText('Scheme'), 'My Deposits')
    await user.type(within(form).getByLabelText("The scheme's reference"), 'MD-42')
    await user.click(within(form).getByRole('button', { name: 'Save the protection' }))
    expect(put).toHaveBeenCalledWith('/api/deposits/tenancies/{id}/protection', {
      params: { path: { id: 't1' } }, body: { scheme: 'My Deposits', reference: 'MD-42', protectedOn: '', infoServedOn: '' },
    })
    expect(await within(form).findByText('This day cannot be in the future.')).toBeInTheDocument()
    expect(within(form).getByLabelText("The scheme's reference")).toHaveValue('MD-42')
  })

  it('shows a tenant where their deposit is protected, without the landlord’s warning or forms', async () => {
    const t = depositTenancy({
      role: 'tenant', warning: undefined, schemes: undefined, agreementLink: undefined,
      protection: {
        recorded: true, scheme: 'Deposit Protection Service', schemeUrl: 'https://www.depositprotection.com', reference: 'DPS-1',
        protectedOn: '2026-09-20', protectedText: 'Sun 20 Sep 2026', infoServedOn: '', infoServedText: '',
        certificate: true, certificateName: 'certificate.pdf', certificateUrl: '/api/deposits/tenancies/t1/certificate', certificateAdded: 'Mon 21 Sep 2026',
      },
      checks: [{ key: 'protected', state: 'ok', text: 'Protected on Sun 20 Sep 2026, within the 30 days (by Thu 1 Oct 2026).' }],
    })
    mockApi((path) => (path === '/api/deposits' ? reply(200, { tenancies: [t] }) : reply(404, {})), tenant)
    renderPage(<DepositsPage />, { path: '/deposits' })
    expect(await screen.findByRole('heading', { name: 'Your deposit' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Deposit Protection Service' })).toHaveAttribute('href', 'https://www.depositprotection.com')
    expect(screen.getByRole('link', { name: 'certificate.pdf' })).toHaveAttribute('href', '/api/deposits/tenancies/t1/certificate')
    expect(screen.getByText(/Protected on Sun 20 Sep 2026, within the 30 days/)).toBeInTheDocument()
    expect(screen.getByText('Tom Tenant, Tess Tenant')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Change the protection' })).not.toBeInTheDocument()
  })
})
