import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import ProfilePage from './ProfilePage'
import { apiError, mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'

beforeAll(polyfillDialog)
// Typing is slow under a loaded CI machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('ProfilePage', () => {
  it('shows the empty property list', async () => {
    mockApi(() => reply(200, {}), sampleUser)
    renderPage(<ProfilePage />, { path: '/profile/:view', initialEntries: ['/profile/list'] })
    expect(await screen.findByText('You have no properties yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Add a Property' })).toHaveAttribute('href', '/profile/add')
  })

  it('checks the full name rules, then saves', async () => {
    const { patch } = mockApi(() => reply(200, { user: { ...sampleUser, fullName: 'Ann Smith' }, message: 'Update successful.' }), sampleUser)
    const user = userEvent.setup({ delay: null })
    renderPage(<ProfilePage />, { path: '/profile/:view', initialEntries: ['/profile/account'] })
    const name = await screen.findByLabelText('Full Name')
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly')
    expect(screen.getByRole('button', { name: 'Delete Account' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Save Details' }))
    await waitFor(() => expect(screen.getByText('You have not changed your full name.')).toBeInTheDocument())
    await user.clear(name)
    await user.click(screen.getByRole('button', { name: 'Save Details' }))
    await waitFor(() => expect(screen.getByText('full name cannot be empty')).toBeInTheDocument())
    await user.type(name, 'Ann 2')
    await user.click(screen.getByRole('button', { name: 'Save Details' }))
    await waitFor(() => expect(screen.getByText('Names cannot contain numbers.')).toBeInTheDocument())
    expect(patch).not.toHaveBeenCalled()
    await user.clear(name)
    await user.type(name, 'Ann Smith')
    await user.click(screen.getByRole('button', { name: 'Save Details' }))
    expect(await screen.findByText('Update successful.')).toBeInTheDocument()
    expect(patch).toHaveBeenCalledWith('/api/account', { body: { fullName: 'Ann Smith' } })
  })

  it('changes the password in the modal', async () => {
    mockApi((path) => {
      if (path === '/api/account/password-code') return reply(200, { message: 'A 6 digit code has been sent to your email.' })
      if (path === '/api/account/password') return reply(200, { message: 'Password changed successfully.' })
      return apiError(404, 'not_found', 'x')
    }, sampleUser)
    const user = userEvent.setup({ delay: null })
    renderPage(<ProfilePage />, { path: '/profile/:view', initialEntries: ['/profile/account'] })
    await user.click(await screen.findByRole('button', { name: 'Change Password' }))
    expect(screen.getByRole('heading', { name: 'Enter New Password' })).toBeInTheDocument()
    expect(screen.getByText('Min 8 characters, 1 Uppercase, 1 Number, 1 Special character')).toBeInTheDocument()
    const dialog = within(screen.getByRole('dialog', { name: 'Enter New Password' }))
    await user.click(dialog.getByRole('button', { name: 'Change Password' }))
    await waitFor(() => expect(screen.getByText('All fields are required.')).toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Send code to my email' }))
    expect(await screen.findByText('A 6 digit code has been sent to your email.')).toBeInTheDocument()
    await user.type(screen.getByLabelText('6 digit code'), '123456')
    await user.type(screen.getByLabelText('Password', { selector: '#cp-password' }), 'Abcdef1!')
    await user.type(screen.getByLabelText(/^Repeat password/), 'Abcdef1')
    expect(document.querySelector('label[for="cp-confirm"]')!.textContent).toBe('Repeat password - Does not match password')
    await user.type(screen.getByLabelText(/^Repeat password/), '!')
    await user.click(dialog.getByRole('button', { name: 'Change Password' }))
    expect(await screen.findByText('Password changed successfully.')).toBeInTheDocument()
  })

  it('lists the user\'s own orders with what was paid', async () => {
    const order = {
      id: 'o1', orderType: 'reference-check', subjectId: 'c1', status: 'paid', currency: 'GBP',
      items: [
        { productType: 'instant-reference-check', description: 'Ann Renter <ann@example.com>', unitPence: 899, wasPence: 1799, qty: 1 },
        { productType: 'instant-reference-check', description: 'Bob Renter <bob@example.com>', unitPence: 899, wasPence: 1799, qty: 1 },
      ],
      promoCodes: [{ code: 'HALF', discount: 50 }], wasPence: 3598, fullPence: 1798, totalPence: 899, percentOff: 50,
      provider: 'sandbox', receiptEmail: 'ann@landlord.example', paidAt: '2026-11-20T10:00:00Z', createdAt: '2026-11-20T09:58:00Z',
      receiptNumber: 'OR-2026-000007',
    }
    const { get } = mockApi((path) => (path === '/api/orders' ? reply(200, { orders: [order] }) : apiError(404, 'not_found', 'x')), sampleUser)
    renderPage(<ProfilePage />, { path: '/profile/:view', initialEntries: ['/profile/orders'] })
    expect(await screen.findByText('20 November 2026')).toBeInTheDocument()
    expect(get).toHaveBeenCalledWith('/api/orders')
    expect(screen.getByRole('heading', { name: 'Orders and receipts' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getAllByText('£8.99')).toHaveLength(3) // two lines and the total
    expect(screen.getByText('Promo code: HALF (50% off)')).toBeInTheDocument()
    expect(screen.getByText('Paid: Card (sandbox: no money taken)')).toBeInTheDocument()
    expect(screen.getByText('Receipt sent to ann@landlord.example')).toBeInTheDocument()
    // The receipt by its number, never the order's id.
    expect(screen.getByText('Order OR-2026-000007')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View receipt OR-2026-000007' })).toHaveAttribute('href', '/profile/orders/OR-2026-000007')
    expect(screen.getByRole('link', { name: 'Download PDF of receipt OR-2026-000007' })).toHaveAttribute('href', '/api/receipts/OR-2026-000007/pdf')
  })

  it('shows a VAT receipt with the PDF to download (issue 27)', async () => {
    const receipt = {
      number: 'OR-2026-000007', supplyDate: '2026-11-20',
      supplier: { name: 'OmniRent Ltd', address: ['1 Example Street', 'London', 'EC1A 1AA'], vatNumber: 'GB 000 0000 00' },
      receiptEmail: 'ann@landlord.example',
      lines: [
        { product: 'Instant reference check', description: 'Ann Renter <ann@example.com>', qty: 1, unitPence: 899, discountPence: 449, netPence: 375, vatRate: '20%', vatPence: 75, totalPence: 450 },
        { product: 'Instant reference check', description: 'Bob Renter <bob@example.com>', qty: 1, unitPence: 899, discountPence: 450, netPence: 374, vatRate: '20%', vatPence: 75, totalPence: 449 },
      ],
      promoCodes: [{ code: 'HALF', discount: 50 }], listPence: 1798, discountPence: 899, netPence: 749, vatPence: 150, totalPence: 899,
      vatRate: '20%', method: 'Card (sandbox: no money was taken)', rounding: 'Prices include VAT. Each line is rounded to the nearest penny.',
    }
    const { get } = mockApi((path) => (path === '/api/receipts/{number}' ? reply(200, { receipt }) : apiError(404, 'not_found', 'x')), sampleUser)
    renderPage(<ProfilePage />, { path: '/profile/orders/:number', initialEntries: ['/profile/orders/OR-2026-000007'] })
    expect(await screen.findByRole('heading', { name: 'VAT receipt OR-2026-000007' })).toBeInTheDocument()
    expect(get).toHaveBeenCalledWith('/api/receipts/{number}', { params: { path: { number: 'OR-2026-000007' } } })
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/receipts/OR-2026-000007/pdf')
    const supplier = screen.getByRole('group', { name: 'Supplier' })
    expect(supplier).toHaveTextContent('OmniRent Ltd1 Example StreetLondonEC1A 1AAVAT registration number: GB 000 0000 00')
    expect(screen.getAllByText('20 November 2026')).toHaveLength(2) // supply and issue
    const rows = within(screen.getByRole('table')).getAllByRole('row')
    expect(rows[1]).toHaveTextContent('Ann Renter <ann@example.com>')
    expect(rows[1]).toHaveTextContent('£8.99−£4.49£3.7520%£0.75£4.50')
    expect(rows[2]).toHaveTextContent('£8.99−£4.50£3.7420%£0.75£4.49')
    const totals = screen.getByTestId('receipt-totals')
    expect(totals).toHaveTextContent('Total net£7.49')
    expect(totals).toHaveTextContent('VAT at 20%£1.50')
    expect(screen.getByTestId('receipt-total')).toHaveTextContent('£8.99')
    expect(screen.getByText('Promo code HALF: 50% off')).toBeInTheDocument()
    expect(screen.getByText('Card (sandbox: no money was taken)')).toBeInTheDocument()
  })

  it('a receipt that is not the user\'s says it was not found', async () => {
    mockApi(() => apiError(404, 'not_found', 'Receipt not found.'), sampleUser)
    renderPage(<ProfilePage />, { path: '/profile/orders/:number', initialEntries: ['/profile/orders/OR-2026-000099'] })
    expect(await screen.findByText('Receipt not found.')).toBeInTheDocument()
  })

  it('says when there are no orders', async () => {
    mockApi((path) => (path === '/api/orders' ? reply(200, { orders: [] }) : apiError(404, 'not_found', 'x')), sampleUser)
    renderPage(<ProfilePage />, { path: '/profile/:view', initialEntries: ['/profile/orders'] })
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument()
  })
})
