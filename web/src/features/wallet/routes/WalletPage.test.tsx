import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Outlet, RouterProvider, createMemoryRouter, useLocation } from 'react-router'
import { AuthProvider, useAuth } from '../../../lib/auth'
import { RequireLandlord } from '../../../app/guards'
import { api } from '../../../lib/api'
import { mockApi, polyfillDialog, reply, sampleUser } from '../../../test/utils'
import WalletPage from './WalletPage'
import TransactionPage from './TransactionPage'
import { DELETE_QUESTION, NO_TRANSACTIONS } from '../rules'
import { overview, properties, transaction } from '../testData'

beforeAll(polyfillDialog)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

type Query = Record<string, string | undefined>

function wallet(path = '/wallet', me: unknown = sampleUser) {
  const asked: Array<{ path: string; query: Query }> = []
  const calls = mockApi((p, init) => {
    const query = ((init as { params?: { query?: Query } } | undefined)?.params?.query ?? {}) as Query
    asked.push({ path: p, query })
    if (p === '/api/wallet/overview') {
      const o = overview(query.period as '1M' | undefined)
      if (query.filter === 'income') o.recent = o.recent.filter((r) => r.transaction.kind === 'income')
      if (query.period === '3Y') o.rent.paymentsTotal = 120 // the server lists the newest 50 at most
      return reply(200, o)
    }
    if (p === '/api/wallet/properties') return reply(200, properties)
    if (p === '/api/wallet/transactions/{id}') return reply(200, { transaction })
    if (p === '/api/wallet/transactions') {
      const t = { ...transaction, id: 't9', kind: 'income', category: 'Rent', box: '20', amountPence: 100000, vat: 'add', vatPence: 20000, netPence: 100000, grossPence: 120000 }
      // The server's sum: income without the VAT added (internal/wallet's tests hold that rule).
      return reply(200, { items: [{ occurrenceDate: '2026-11-01', transaction: t, scheduled: false }], total: 1, money: { revenuePence: 100000, expensesPence: 0, profitPence: 100000 }, scheduled: { incomePence: 0, expensesPence: 0, count: 0 } })
    }
    return reply(404, { error: { code: 'not_found', message: 'Not found' } })
  }, me)
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const router = createMemoryRouter(
    [
      {
        // As in the app, the guard decides once the session is known.
        element: <SessionKnown />,
        children: [
          {
            element: <RequireLandlord />,
            children: [
              { path: '/wallet', element: <WalletPage /> },
              { path: '/wallet/:view', element: <WalletPage /> },
              { path: '/wallet/t/:id', element: <TransactionPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  )
  render(
    <QueryClientProvider client={qc}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  )
  return { asked, calls }
}

function SessionKnown() {
  return useAuth().loading ? null : <Outlet />
}

function Where() {
  return <p>Elsewhere at {useLocation().pathname}</p>
}

describe('the wallet overview (spec 3 "Wallet")', () => {
  it('shows Profit with Rev and Exp, Rent paid with Rent overdue, the overdue month and Recent Transactions', async () => {
    wallet()
    const profit = await screen.findByRole('region', { name: 'Profit' })
    expect(within(profit).getByText('£1,706.00')).toBeInTheDocument()
    expect(within(profit).getByText('Rev').nextSibling).toHaveTextContent('£1,850.00')
    expect(within(profit).getByText('Exp').nextSibling).toHaveTextContent('£144.00')
    const rent = screen.getByRole('region', { name: 'Rent paid' })
    expect(within(rent).getByText('Rent overdue').nextSibling).toHaveTextContent('£1,850.00')
    const overdue = screen.getByRole('region', { name: 'Rent overdue' })
    expect(within(overdue).getByText(/due 1 Oct 2026/)).toBeInTheDocument()
    expect(within(overdue).getByText('55 days overdue')).toBeInTheDocument()
    // Issue 26: which month each payment settled, and the rule.
    const payments = screen.getByRole('region', { name: /Rent payments in/ })
    expect(within(payments).getByText(/oldest rent still owed first/)).toBeInTheDocument()
    expect(within(payments).getByText('Settled the rent due 1 Sep 2026')).toBeInTheDocument()
    expect(within(payments).queryByText(/The newest/)).toBeNull()
    const recent = screen.getByRole('list', { name: 'Recent Transactions' })
    expect(within(recent).getAllByRole('link')).toHaveLength(2)
    expect(within(recent).getByText('NOT PAID')).toBeInTheDocument()
    expect(within(recent).getByText('−£144.00')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/wallet/export/transactions.csv?from=2026-10-26&to=2026-11-25&filter=all')
  })

  it('says how many rent payments there are when it lists only the newest', async () => {
    wallet('/wallet?period=3Y')
    const payments = await screen.findByRole('region', { name: /Rent payments in/ })
    expect(within(payments).getByText('The newest 1 of 120 payments')).toBeInTheDocument()
  })

  it('the period selector asks the server for 1M, 3M, 1Y or 3Y', async () => {
    const { asked } = wallet()
    await screen.findByRole('region', { name: 'Profit' })
    const group = screen.getByRole('group', { name: 'Period' })
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['1M', '3M', '1Y', '3Y'])
    expect(within(group).getByRole('button', { name: '1M' })).toHaveAttribute('aria-pressed', 'true')
    fireEvent.click(within(group).getByRole('button', { name: '1Y' }))
    await waitFor(() => expect(asked.some((a) => a.path === '/api/wallet/overview' && a.query.period === '1Y')).toBe(true))
    expect(within(group).getByRole('button', { name: '1Y' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('the filter menu offers All, Income, Expenses and Amounts recoverable', async () => {
    const user = userEvent.setup()
    const { asked } = wallet()
    await screen.findByRole('region', { name: 'Profit' })
    // The button's name holds the filter it shows (WCAG 2.5.3, label in name).
    const button = screen.getByRole('button', { name: 'Filter transactions: All' })
    expect(button).toHaveTextContent('All')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await user.click(button)
    const menu = screen.getByRole('menu', { name: 'Filter transactions' })
    expect(within(menu).getAllByRole('menuitemradio').map((i) => i.textContent)).toEqual(['All', 'Income', 'Expenses', 'Amounts recoverable'])
    expect(within(menu).getByRole('menuitemradio', { name: 'All' })).toHaveAttribute('aria-checked', 'true')
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Income' }))
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    await waitFor(() => expect(asked.some((a) => a.path === '/api/wallet/overview' && a.query.filter === 'income')).toBe(true))
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Recent Transactions' })).getAllByRole('link')).toHaveLength(1))
    // The keyboard: Escape closes and gives the focus back.
    await user.click(screen.getByRole('button', { name: 'Filter transactions: Income' }))
    expect(screen.getByRole('menuitemradio', { name: 'Income' })).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('menuitemradio', { name: 'Expenses' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Filter transactions: Income' })).toHaveFocus()
  })

  it('the plus menu offers Add Income, Add Expense and Add Loan', async () => {
    const user = userEvent.setup()
    wallet()
    await user.click(await screen.findByRole('button', { name: 'Add a transaction' }))
    const menu = screen.getByRole('menu', { name: 'Add a transaction' })
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Add Income', 'Add Expense', 'Add Loan'])
    await user.click(within(menu).getByRole('menuitem', { name: 'Add Expense' }))
    expect(await screen.findByText('Elsewhere at /wallet/add/expense')).toBeInTheDocument()
  })

  it("the Properties view shows a card per property, 'No transactions yet' for one without", async () => {
    wallet('/wallet/properties')
    const card = await screen.findByRole('article', { name: '3 Mill Lane, Leeds' })
    expect(within(card).getByText(NO_TRANSACTIONS)).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Set expected rent' })).toBeInTheDocument()
    const other = screen.getByRole('article', { name: '12 Lavender Hill, London' })
    expect(within(other).getByText('Profit').nextSibling).toHaveTextContent('£1,706.00')
    expect(within(other).getByText('Rent due').nextSibling).toHaveTextContent('£1,850.00')
    expect(within(other).queryByText(NO_TRANSACTIONS)).not.toBeInTheDocument()
    expect(within(other).queryByRole('button', { name: /expected rent/ })).not.toBeInTheDocument()
  })
})

describe('landlords only (spec 3 section 6)', () => {
  it('a tenant is told the wallet is for landlords, and nothing is asked', async () => {
    const { asked } = wallet('/wallet', { ...sampleUser, userType: 'Tenant' })
    expect(await screen.findByRole('heading', { name: 'This page is for landlords' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to your home' })).toHaveAttribute('href', '/dashboard')
    expect(asked.filter((a) => a.path.startsWith('/api/wallet'))).toEqual([])
  })
})

describe('a transaction’s details', () => {
  it("a tax-year box's list shows the server's sum of its entries", async () => {
    wallet('/wallet/transactions?box=20&from=2026-04-06&to=2027-04-05')
    expect(await screen.findByText(/1 entry, £1,000\.00 in all/)).toBeInTheDocument()
  })

  it('delete asks the spec’s question with YES and NO', async () => {
    const user = userEvent.setup()
    wallet('/wallet/t/t1')
    expect(await screen.findByRole('heading', { name: 'Boiler repair' })).toBeInTheDocument()
    expect(screen.getByText('NOT PAID')).toBeInTheDocument()
    expect(screen.getByText('Ace Plumbing', { exact: false })).toBeInTheDocument()
    const del = vi.spyOn(api, 'DELETE').mockResolvedValue(reply(204) as never)

    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete' })
    expect(within(dialog).getByText(DELETE_QUESTION)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'NO' }))
    expect(del).not.toHaveBeenCalled()
    expect(screen.queryByText(DELETE_QUESTION)).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await user.click(within(screen.getByRole('dialog', { name: 'Delete' })).getByRole('button', { name: 'YES' }))
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/wallet/transactions/{id}', { params: { path: { id: 't1' } } }))
    // Back to the overview.
    expect(await screen.findByRole('region', { name: 'Profit' })).toBeInTheDocument()
  })
})

describe('a repeating entry', () => {
  it('can be ended today, keeping what it was', async () => {
    const user = userEvent.setup()
    const monthly = { ...transaction, frequency: 'monthly' as const, date: '2026-01-05', endDate: '' }
    mockApi((p) => (p === '/api/wallet/transactions/{id}' ? reply(200, { transaction: monthly }) : reply(404)), sampleUser)
    const put = vi.spyOn(api, 'PUT').mockImplementation((async (_p: string, init?: { body?: unknown }) => reply(200, { transaction: { ...monthly, ...(init?.body as object) } })) as never)
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={qc}>
        <AuthProvider>
          <RouterProvider router={createMemoryRouter([{ path: '/wallet/t/:id', element: <TransactionPage /> }], { initialEntries: ['/wallet/t/t1'] })} />
        </AuthProvider>
      </QueryClientProvider>,
    )
    await user.click(await screen.findByRole('button', { name: 'End repeats today' }))
    await waitFor(() => expect(put).toHaveBeenCalled())
    const body = (put.mock.calls[0][1] as { body: Record<string, unknown> }).body
    expect(body).toMatchObject({ frequency: 'monthly', date: '2026-01-05', amountPence: 12000, vatPence: 2400, category: 'Maintenance and repairs costs' })
    expect(body.endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(await screen.findByText('It repeats no more after today')).toBeInTheDocument()
  })
})
