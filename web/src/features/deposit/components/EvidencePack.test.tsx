import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi, renderPage, reply, sampleUser } from '../../../test/utils'
import DepositsPage from '../routes/DepositsPage'
import { depositTenancy } from '../testdata'
import type { Deduction, Deductions } from '../api/deposit'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const line = (state: Deduction['state']): Deduction => ({
  id: 'l1', revision: 1, item: 'Kitchen: Oven', reason: 'cleaning', reasonText: 'Cleaning', note: '',
  evidence: { key: 'k', room: 'Kitchen', item: 'Oven', change: 'worse', checkIn: 'Good', checkOut: 'Very poor', inPhotos: [], outPhotos: [] },
  costPence: 9000, costText: '£90.00', itemType: '', ageMonths: 0, lifeMonths: 0, chargePence: 9000, chargeText: '£90.00',
  landlordShareText: '£0.00', arithmetic: 'The whole cost is charged: £90.00.', answers: [], state, stateText: state,
})

const deductions = (state: Deduction['state']): Deductions => ({
  tenancyId: 't1', role: 'landlord', address: '12 Park Row', depositText: '£1,200.00', lines: [line(state)], totalText: '£90.00',
  agreedText: '£0.00', disputedText: '£90.00', returnNote: 'What stays disputed is held by the scheme.', canReturn: false, today: '2026-11-02', shares: [],
})

function render(state: Deduction['state'], role: 'landlord' | 'tenant') {
  mockApi((path) => {
    if (path === '/api/deposits') return reply(200, { tenancies: [depositTenancy({ role })] })
    if (path === '/api/deposits/tenancies/{id}/deductions') return reply(200, { ...deductions(state), role })
    return reply(404, {})
  }, { ...sampleUser, userType: role === 'landlord' ? 'Landlord' : 'Tenant' })
  renderPage(<DepositsPage />, { path: '/deposits' })
}

describe('evidence pack', () => {
  it('offers the landlord and the tenant the pack of a disputed deduction, says what it is for and where to check it', async () => {
    for (const role of ['landlord', 'tenant'] as const) {
      render('disputed', role)
      const link = await screen.findByRole('link', { name: 'Download the evidence pack' })
      expect(link).toHaveAttribute('href', '/api/deposits/tenancies/t1/evidence-pack')
      expect(link).toHaveAttribute('download')
      const about = screen.getByRole('heading', { name: 'Evidence pack for the dispute' }).nextElementSibling
      expect(about).toHaveTextContent('deposit scheme’s free dispute service')
      expect(screen.getByRole('link', { name: '/verify' })).toHaveAttribute('href', '/verify')
      cleanup()
    }
  })

  it('offers no pack while nothing is disputed', async () => {
    render('agreed', 'landlord')
    await screen.findByText('Kitchen: Oven', { exact: false })
    expect(screen.queryByRole('link', { name: 'Download the evidence pack' })).toBeNull()
  })
})
