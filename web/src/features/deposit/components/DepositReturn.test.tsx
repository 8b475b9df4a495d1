import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError, mockApi, renderPage, reply, sampleUser } from '../../../test/utils'
import DepositsPage from '../routes/DepositsPage'
import { depositTenancy } from '../testdata'
import type { Deduction, Deductions } from '../api/deposit'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const tenant = { ...sampleUser, userType: 'Tenant' as const }

const oven: Deduction = {
  id: 'l1', revision: 1, item: 'Kitchen: Oven', reason: 'cleaning', reasonText: 'Cleaning', note: '',
  evidence: { key: 'k', room: 'Kitchen', item: 'Oven', change: 'worse', checkIn: 'Cleanliness: Good', checkOut: 'Cleanliness: Very poor', inPhotos: [], outPhotos: [] },
  costPence: 12000, costText: '£120.00', itemType: '', ageMonths: 0, lifeMonths: 0, chargePence: 12000, chargeText: '£120.00',
  landlordShareText: '£0.00', arithmetic: 'The whole cost is charged: £120.00.', answers: [], state: 'disputed', stateText: 'Disputed',
}

const arrears: Deduction = {
  ...oven, id: 'l2', item: 'Rent due up to Fri 15 Jan 2027', reason: 'arrears', reasonText: 'Rent arrears', state: 'agreed', stateText: 'Agreed by every tenant',
  evidence: { key: '', room: 'Rent', item: '', change: '', checkIn: '', checkOut: '', inPhotos: [], outPhotos: [] },
  costPence: 120000, costText: '£1,200.00', chargePence: 120000, chargeText: '£1,200.00',
  arithmetic: 'From the wallet’s rent statement: £2,400.00 of rent due, £1,200.00 paid, £1,200.00 owed.',
  statement: [
    { dueText: 'Tue 1 Dec 2026', amountText: '£1,200.00', paidText: '£1,200.00', outstandingText: '£0.00' },
    { dueText: 'Fri 1 Jan 2027', amountText: '£1,200.00', paidText: '£0.00', outstandingText: '£1,200.00' },
  ],
}

const deductions = (over: Partial<Deductions> = {}): Deductions => ({
  tenancyId: 't1', role: 'landlord', address: '12 Park Row', depositText: '£2,400.00', lines: [arrears, oven], totalText: '£1,320.00',
  agreedText: '£1,200.00', disputedText: '£120.00', returnNote: 'Every tenant has answered every deduction…', returnByText: 'Thu 12 Nov 2026',
  shares: [
    { name: 'Tom Tenant', depositText: '£1,200.00', agreedText: '£600.00', disputedText: '£60.00', returnPence: 54000, returnText: '£540.00' },
    { name: 'Tess Tenant', depositText: '£1,200.00', agreedText: '£600.00', disputedText: '£60.00', returnPence: 54000, returnText: '£540.00' },
  ],
  checkOutText: 'Check-out report signed Fri 30 Oct 2026', items: [oven.evidence], canReturn: true, returnFrom: '2026-10-30', today: '2026-11-02',
  reasons: [{ key: 'cleaning', name: 'Cleaning', apportion: false, fromWallet: false }, { key: 'arrears', name: 'Rent arrears', apportion: false, fromWallet: true }],
  lives: [],
  ...over,
})

const recorded = {
  returnedOnText: 'Mon 2 Nov 2026', recordedText: 'Mon 2 Nov 2026, 09:00', returnedText: '£1,080.00', keptText: '£1,200.00', heldText: '£120.00',
  shares: [{ name: 'Tom Tenant', returnedText: '£540.00', heldText: '£60.00' }, { name: 'Tess Tenant', returnedText: '£540.00', heldText: '£60.00' }],
  note: 'The landlord returned £1,080.00 of the £2,400.00 deposit on Mon 2 Nov 2026 and kept £1,200.00 of deductions every tenant agreed. £120.00 of disputed deductions is held until the scheme’s free dispute service decides.',
}

describe('the deposit back', () => {
  it('records the return on the day chosen, shows a refused day beside the field keeping it, then shows the return', async () => {
    const user = userEvent.setup()
    const why = 'The deposit cannot have been returned before the check-out (Fri 30 Oct 2026).'
    let done = false
    const { post } = mockApi((path) => {
      if (path === '/api/deposits') return reply(200, { tenancies: [depositTenancy({ warning: undefined })] })
      if (path === '/api/deposits/tenancies/{id}/deductions') return reply(200, done ? deductions({ canReturn: false, return: recorded }) : deductions())
      return reply(404, {})
    }, sampleUser)
    post.mockImplementationOnce((async () => apiError(400, 'invalid', 'Please check the highlighted answers.', { returnedOn: why })) as never)
    renderPage(<DepositsPage />, { path: '/deposits' })
    const form = await screen.findByRole('form', { name: 'Record the return' })
    expect(form).toHaveTextContent('Tom Tenant £540.00, Tess Tenant £540.00')
    expect(form).toHaveTextContent('The disputed £120.00 is held until the scheme’s free dispute service decides.')
    const day = within(form).getByLabelText('The day you returned the deposit')
    expect(day).toHaveValue('2026-11-02')
    expect(day).toHaveAttribute('min', '2026-10-30')
    expect(day).toHaveAttribute('max', '2026-11-02')
    await user.clear(day)
    await user.type(day, '2026-10-29')
    await user.click(within(form).getByRole('button', { name: 'Record the return' }))
    expect(post).toHaveBeenLastCalledWith('/api/deposits/tenancies/{id}/return', { params: { path: { id: 't1' } }, body: { returnedOn: '2026-10-29' } })
    expect(await within(form).findByText(why)).toBeInTheDocument()
    expect(day).toHaveValue('2026-10-29')
    expect(day).toHaveAttribute('aria-invalid', 'true')
    // Accepted: the page shows the return, and no form any more.
    done = true
    post.mockImplementationOnce((async () => reply(200, deductions({ canReturn: false, return: recorded }))) as never)
    await user.clear(day)
    await user.type(day, '2026-11-02')
    await user.click(within(form).getByRole('button', { name: 'Record the return' }))
    const ret = await screen.findByRole('region', { name: 'The deposit’s return' })
    expect(ret).toHaveTextContent('Returned to the tenants£1,080.00')
    expect(ret).toHaveTextContent('Held until the scheme decides£120.00')
    expect(ret).toHaveTextContent('Tom Tenant: £540.00 returned, £60.00 held')
    expect(screen.queryByRole('form', { name: 'Record the return' })).not.toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Propose a deduction' })).not.toBeInTheDocument()
  })

  it('shows the tenant the recorded return and no more answer buttons', async () => {
    mockApi((path) => {
      if (path === '/api/deposits') return reply(200, { tenancies: [depositTenancy({ role: 'tenant', warning: undefined, schemes: undefined })] })
      if (path === '/api/deposits/tenancies/{id}/deductions') {
        return reply(200, deductions({ role: 'tenant', canReturn: false, return: recorded, checkOutText: undefined, items: undefined, reasons: undefined }))
      }
      return reply(404, {})
    }, tenant)
    renderPage(<DepositsPage />, { path: '/deposits' })
    const ret = await screen.findByRole('region', { name: 'The deposit’s return' })
    expect(ret).toHaveTextContent('Returned onMon 2 Nov 2026')
    expect(screen.queryByRole('button', { name: 'I agree' })).not.toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Record the return' })).not.toBeInTheDocument()
  })

  it('proposes rent arrears without an item or a cost, and shows the wallet’s rent statement as the evidence', async () => {
    const user = userEvent.setup()
    const { post } = mockApi((path) => {
      if (path === '/api/deposits') return reply(200, { tenancies: [depositTenancy({ warning: undefined })] })
      if (path === '/api/deposits/tenancies/{id}/deductions') return reply(200, deductions({ canReturn: false }))
      return reply(404, {})
    }, sampleUser)
    renderPage(<DepositsPage />, { path: '/deposits' })
    const line = await screen.findByRole('article', { name: 'Rent due up to Fri 15 Jan 2027: Rent arrears' })
    const table = within(line).getByRole('table', { name: 'Rent statement from the wallet' })
    expect(within(table).getByRole('row', { name: /Fri 1 Jan 2027/ })).toHaveTextContent('Fri 1 Jan 2027£1,200.00£0.00£1,200.00')
    expect(within(line).queryByText('At check-in')).not.toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'Propose a deduction' })
    await user.selectOptions(within(form).getByLabelText('Reason'), 'arrears')
    expect(within(form).queryByLabelText('Cost (£), from the quote or invoice')).not.toBeInTheDocument()
    expect(within(form).queryByLabelText('Item of the check-out report')).not.toBeInTheDocument()
    expect(within(form).getByText(/read from your wallet’s rent statement/)).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Propose this deduction' }))
    expect(post).toHaveBeenCalledWith('/api/deposits/tenancies/{id}/deductions', { params: { path: { id: 't1' } }, body: { reason: 'arrears', note: '', costPence: 0 } })
  })
})
