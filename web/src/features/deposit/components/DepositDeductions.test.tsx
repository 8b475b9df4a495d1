import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError, mockApi, renderPage, reply, sampleUser } from '../../../test/utils'
import DepositsPage from '../routes/DepositsPage'
import { depositTenancy } from '../testdata'
import type { Deduction, Deductions } from '../api/deposit'
import { penceOf } from './DeductionForm'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const tenant = { ...sampleUser, userType: 'Tenant' as const }

const carpet: Deduction = {
  id: 'l1', revision: 2, item: 'Lounge: Carpet', reason: 'damage', reasonText: 'Damage', note: '',
  evidence: { key: 'k', room: 'Lounge', item: 'Carpet', change: 'worse', checkIn: 'Condition: Good', checkOut: 'Condition: Poor. Damage: Stain',
    inPhotos: [{ url: '/in.jpg', thumbUrl: '/in-t.jpg' }], outPhotos: [{ url: '/out.jpg', thumbUrl: '/out-t.jpg' }] },
  costPence: 30000, costText: '£300.00', itemType: 'carpet', ageMonths: 60, lifeMonths: 96, chargePence: 11250, chargeText: '£112.50',
  landlordShareText: '£187.50', arithmetic: '£300.00 × 36 / 96 = £112.50 charged', answers: [], state: 'waiting', stateText: 'Agreed by 0 of 2 tenants',
}

const deductions = (over: Partial<Deductions> = {}): Deductions => ({
  tenancyId: 't1', role: 'tenant', address: '12 Park Row', depositText: '£1,200.00', lines: [carpet], totalText: '£112.50',
  agreedText: '£0.00', disputedText: '£0.00', returnNote: 'Once every tenant has answered every deduction…',
  shares: [
    { name: 'Tom Tenant', depositText: '£600.00', agreedText: '£0.00', disputedText: '£0.00', returnPence: 60000, returnText: '£600.00' },
    { name: 'Tess Tenant', depositText: '£600.00', agreedText: '£0.00', disputedText: '£0.00', returnPence: 60000, returnText: '£600.00' },
  ],
  ...over,
})

describe('deductions', () => {
  it('shows a tenant the item at check-in and check-out side by side, and sends their dispute with its comment for the revision they read', async () => {
    const user = userEvent.setup()
    const { post } = mockApi((path) => {
      if (path === '/api/deposits') return reply(200, { tenancies: [depositTenancy({ role: 'tenant', warning: undefined, schemes: undefined })] })
      if (path === '/api/deposits/tenancies/{id}/deductions') return reply(200, deductions())
      if (path === '/api/deposits/lines/{id}/answer') return reply(200, { line: carpet })
      return reply(404, {})
    }, tenant)
    renderPage(<DepositsPage />, { path: '/deposits' })
    const line = await screen.findByRole('article', { name: 'Lounge: Carpet: Damage' })
    expect(within(line).getByText('Condition: Good')).toBeInTheDocument()
    expect(within(line).getByText('Condition: Poor. Damage: Stain')).toBeInTheDocument()
    expect(within(line).getByRole('img', { name: 'At check-out photo' })).toHaveAttribute('src', '/out-t.jpg')
    expect(line).toHaveTextContent('£300.00 × 36 / 96 = £112.50 charged')
    expect(screen.getByRole('table')).toHaveTextContent('Tess Tenant')
    await user.click(within(line).getByRole('button', { name: 'I dispute this' }))
    await user.type(within(line).getByLabelText('Why you dispute it'), 'The stain was there at check-in.')
    await user.click(within(line).getByRole('button', { name: 'Send my dispute' }))
    expect(post).toHaveBeenCalledWith('/api/deposits/lines/{id}/answer', {
      params: { path: { id: 'l1' } }, body: { revision: 2, answer: 'dispute', comment: 'The stain was there at check-in.' },
    })
  })

  it('tells a tenant when the landlord changed the deduction they answered', async () => {
    const user = userEvent.setup()
    mockApi((path) => {
      if (path === '/api/deposits') return reply(200, { tenancies: [depositTenancy({ role: 'tenant', warning: undefined, schemes: undefined })] })
      if (path === '/api/deposits/tenancies/{id}/deductions') return reply(200, deductions())
      if (path === '/api/deposits/lines/{id}/answer') return apiError(409, 'changed', 'Your landlord changed this deduction since you read it: please read it again and answer.')
      return reply(404, {})
    }, tenant)
    renderPage(<DepositsPage />, { path: '/deposits' })
    const line = await screen.findByRole('article', { name: 'Lounge: Carpet: Damage' })
    await user.click(within(line).getByRole('button', { name: 'I agree' }))
    expect(await within(line).findByText(/Your landlord changed this deduction/)).toBeInTheDocument()
  })

  it('reads pounds and pence as integer pence', () => {
    expect(penceOf('£1,200.5')).toBe(120050)
    expect(penceOf('12.05')).toBe(1205)
    expect(penceOf('300')).toBe(30000)
    expect(penceOf('-3')).toBeNaN()
    expect(penceOf('1.234')).toBeNaN()
  })
})
