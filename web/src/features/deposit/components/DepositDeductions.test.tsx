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
  agreedText: '£0.00', disputedText: '£0.00', returnNote: 'Once every tenant has answered every deduction…', canReturn: false, today: '2026-11-02',
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
    expect(screen.getByRole('heading', { name: 'Each tenant’s share' }).nextElementSibling).toHaveTextContent('Tess TenantDeposit£600.00')
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

  it("lets the landlord propose a deduction from the check-out, asks an item's kind and age only where it is apportioned, and shows the refusal above the deposit", async () => {
    const user = userEvent.setup()
    const why = 'These deductions come to £1,312.50, more than the deposit of £1,200.00: the deductions can never be more than the deposit. Lower a cost or remove a deduction.'
    const { post } = mockApi((path) => {
      if (path === '/api/deposits') return reply(200, { tenancies: [depositTenancy({ warning: undefined })] })
      if (path === '/api/deposits/tenancies/{id}/deductions') {
        return reply(200, deductions({
          role: 'landlord', checkOutText: 'Check-out report signed Mon 2 Nov 2026', items: [carpet.evidence],
          reasons: [{ key: 'damage', name: 'Damage', apportion: true, fromWallet: false }, { key: 'cleaning', name: 'Cleaning', apportion: false, fromWallet: false },
            { key: 'arrears', name: 'Rent arrears', apportion: false, fromWallet: true }],
          lives: [{ type: 'carpet', name: 'Carpet', months: 96 }],
        }))
      }
      return reply(404, {})
    }, sampleUser)
    // Proposing it is refused: the total would be above the deposit.
    post.mockImplementation((async () => apiError(400, 'invalid', why, { costPence: why })) as never)
    renderPage(<DepositsPage />, { path: '/deposits' })
    const form = await screen.findByRole('form', { name: 'Propose a deduction' })
    // Rent arrears come from the wallet: never typed (DepositReturn.test.tsx).
    expect(within(form).getByRole('option', { name: 'Rent arrears (from the wallet)' })).toBeInTheDocument()
    await user.selectOptions(within(form).getByLabelText('Reason'), 'cleaning')
    expect(within(form).queryByLabelText('Kind of item')).not.toBeInTheDocument()
    await user.selectOptions(within(form).getByLabelText('Item of the check-out report'), 'k')
    await user.selectOptions(within(form).getByLabelText('Reason'), 'damage')
    await user.selectOptions(within(form).getByLabelText('Kind of item'), 'carpet')
    await user.type(within(form).getByLabelText('Its age at check-out, in months'), '60')
    await user.type(within(form).getByLabelText('Cost (£), from the quote or invoice'), '1,200.00')
    await user.click(within(form).getByRole('button', { name: 'Propose this deduction' }))
    expect(post).toHaveBeenCalledWith('/api/deposits/tenancies/{id}/deductions', {
      params: { path: { id: 't1' } }, body: { itemKey: 'k', reason: 'damage', note: '', costPence: 120000, itemType: 'carpet', ageMonths: 60 },
    })
    expect(await within(form).findByText(why)).toBeInTheDocument()
    expect(within(form).getByLabelText('Cost (£), from the quote or invoice')).toHaveValue('1,200.00')
  })

  it('reads pounds and pence as integer pence', () => {
    expect(penceOf('£1,200.5')).toBe(120050)
    expect(penceOf('12.05')).toBe(1205)
    expect(penceOf('300')).toBe(30000)
    expect(penceOf('-3')).toBeNaN()
    expect(penceOf('1.234')).toBeNaN()
  })
})
