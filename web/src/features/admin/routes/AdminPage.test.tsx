import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import AdminPage from './AdminPage'
import { api } from '../../../lib/api'
import { apiError, mockApi, polyfillDialog, renderPage, reply, sampleUser, type Reply } from '../../../test/utils'
import type { PromoCode } from '../../promo-admin/api/keys'

beforeAll(polyfillDialog)
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const admin = { ...sampleUser, role: 'Admin' as const }
const overview = { users: { total: 12, landlords: 7, tenants: 4, admins: 1, unverified: 2 } }

const half: PromoCode = {
  id: 'p2',
  code: 'HALF50',
  active: true,
  discount: 50,
  startDate: '2026-01-01',
  endDate: '2026-06-30',
  createdAt: '2026-01-02T10:00:00Z',
  updatedAt: '2026-01-03T11:00:00Z',
}
const free: PromoCode = {
  id: 'p1',
  code: 'FREE100',
  active: false,
  discount: 100,
  startDate: '2025-12-01',
  endDate: '2025-12-31',
  createdAt: '2025-11-30T09:00:00Z',
  updatedAt: '2025-11-30T09:00:00Z',
}

type Handler = (method: string, path: string, init?: { body?: unknown; params?: unknown }) => Reply | Promise<Reply>

/** adminApi routes every api call to handler; the session is the admin. */
function adminApi(handler: Handler) {
  // mockApi spies on GET and POST (and serves the session); the methods are
  // told apart here, since the promo list and create share one path.
  const { get, post } = mockApi(() => reply(500), admin)
  get.mockImplementation((async (path: string, init?: { body?: unknown }) => {
    if (path === '/api/auth/session') return reply(200, { user: admin })
    if (path === '/api/admin/overview') return reply(200, overview)
    return handler('GET', path, init)
  }) as never)
  post.mockImplementation((async (path: string, init?: { body?: unknown }) => handler('POST', path, init)) as never)
  const put = vi.spyOn(api, 'PUT').mockImplementation((async (path: string, init?: { body?: unknown }) => handler('PUT', path, init)) as never)
  const del = vi.spyOn(api, 'DELETE').mockImplementation((async (path: string, init?: { params?: unknown }) => handler('DELETE', path, init)) as never)
  return { get, post, put, del }
}

function listOf(codes: PromoCode[]): Handler {
  return (method, path) => (method === 'GET' && path === '/api/admin/promo-codes' ? reply(200, { codes }) : apiError(500, 'internal', 'unexpected'))
}

function open(entry = '/admin') {
  return renderPage(<AdminPage />, { path: '/admin', initialEntries: [entry] })
}

describe('AdminPage shell', () => {
  it('has the title, the user counts and the two menu entries', async () => {
    adminApi(listOf([]))
    open()
    expect(screen.getByRole('heading', { name: 'Admin dashboard', level: 1 })).toBeInTheDocument()
    expect(await screen.findByText('Total users')).toBeInTheDocument()
    const menu = screen.getByRole('navigation', { name: 'Promo codes' })
    expect(within(menu).getByRole('link', { name: 'Create New Promo Code' })).toHaveAttribute('href', '/admin?view=create')
    expect(within(menu).getByRole('link', { name: 'All Promo Codes' })).toHaveAttribute('aria-current', 'page')
  })

  it('opens the menu drawer from the menu button and closes it with its close button', async () => {
    adminApi(listOf([]))
    const user = userEvent.setup({ delay: null })
    const { router } = open()
    const button = screen.getByRole('button', { name: 'Admin menu' })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await user.click(button)
    const drawer = screen.getByRole('dialog', { name: 'Admin menu' })
    expect(drawer).toHaveAttribute('open')
    expect(button).toHaveAttribute('aria-expanded', 'true')
    await user.click(within(drawer).getByRole('button', { name: 'Close admin menu' }))
    expect(drawer).not.toHaveAttribute('open')
    // A menu entry in the drawer changes the view and closes the drawer.
    await user.click(button)
    await user.click(within(drawer).getByRole('link', { name: 'Create New Promo Code' }))
    expect(router.state.location.search).toBe('?view=create')
    expect(drawer).not.toHaveAttribute('open')
    expect(screen.getByRole('heading', { name: 'Create New Promo Code', level: 2 })).toHaveFocus()
  })
})

describe('Create New Promo Code', () => {
  it('shows every rule message and sends nothing while the form is invalid', async () => {
    const { post } = adminApi(listOf([]))
    const user = userEvent.setup({ delay: null })
    open('/admin?view=create')
    const form = screen.getByRole('form', { name: 'Create New Promo Code' })
    await user.click(within(form).getByRole('button', { name: 'Create Promo Code' }))
    // The rules run in the form's submit handler, after the click returns.
    expect(await within(form).findByText('Please Provide a code')).toBeInTheDocument()
    expect(within(form).getByText('Please Provide a starting date')).toBeInTheDocument()
    expect(within(form).getByText('Please Provide a valid ending date')).toBeInTheDocument()
    expect(within(form).getByText('Please Provide a valid discount')).toBeInTheDocument()
    expect(screen.getByLabelText('Code')).toHaveFocus()
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true')

    // Fix them one at a time: each remaining rule still stops the form.
    await user.type(screen.getByLabelText('Code'), 'SPRING10')
    await user.type(screen.getByLabelText('Starting from'), '2026-03-10')
    await user.type(screen.getByLabelText('Ending by'), '2026-03-01')
    await user.type(screen.getByLabelText('Discount'), '101')
    await user.click(within(form).getByRole('button', { name: 'Create Promo Code' }))
    expect(await within(form).findByText('Please Provide a valid ending date')).toBeInTheDocument()
    expect(within(form).queryByText('Please Provide a code')).toBeNull()
    expect(within(form).queryByText('Please Provide a starting date')).toBeNull()
    expect(within(form).getByText('Please Provide a valid discount')).toBeInTheDocument()
    expect(screen.getByLabelText('Ending by')).toHaveFocus()

    await user.clear(screen.getByLabelText('Ending by'))
    await user.type(screen.getByLabelText('Ending by'), '2026-03-31')
    await user.click(within(form).getByRole('button', { name: 'Create Promo Code' }))
    expect(await within(form).findByText('Please Provide a valid discount')).toBeInTheDocument()
    expect(post.mock.calls.filter(([p]) => p === '/api/admin/promo-codes')).toHaveLength(0)
  })

  it('creates a code and returns to the list', async () => {
    const created = { ...half, id: 'p9', code: 'SPRING10', discount: 10, startDate: '2026-03-01', endDate: '2026-03-31' }
    let codes: PromoCode[] = []
    const { post } = adminApi((method, path) => {
      if (method === 'GET' && path === '/api/admin/promo-codes') return reply(200, { codes })
      if (method === 'POST' && path === '/api/admin/promo-codes') {
        codes = [created]
        return reply(201, { code: created })
      }
      return apiError(500, 'internal', 'unexpected')
    })
    const user = userEvent.setup({ delay: null })
    const { router } = open('/admin?view=create')
    expect(screen.getByLabelText('Active')).toBeChecked()
    await user.type(screen.getByLabelText('Code'), ' SPRING10 ')
    await user.type(screen.getByLabelText('Starting from'), '2026-03-01')
    await user.type(screen.getByLabelText('Ending by'), '2026-03-31')
    await user.type(screen.getByLabelText('Discount'), '10')
    await user.click(screen.getByRole('button', { name: 'Create Promo Code' }))
    expect(await screen.findByText('Promo code SPRING10 created.')).toBeInTheDocument()
    expect(post).toHaveBeenCalledWith('/api/admin/promo-codes', {
      body: { code: 'SPRING10', active: true, discount: 10, startDate: '2026-03-01', endDate: '2026-03-31' },
    })
    expect(router.state.location.search).toBe('?view=codes')
    expect(screen.getByRole('heading', { name: 'All Promo Codes', level: 2 })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Update SPRING10' })).toBeInTheDocument()
  })

  it("shows the server's message when it refuses a duplicate code", async () => {
    const taken = 'A promo code with this name already exists.'
    adminApi((method, path) =>
      method === 'POST' && path === '/api/admin/promo-codes' ? apiError(409, 'code_taken', taken, { code: taken }) : reply(200, { codes: [half] }),
    )
    const user = userEvent.setup({ delay: null })
    const { router } = open('/admin?view=create')
    await user.type(screen.getByLabelText('Code'), 'half50')
    await user.type(screen.getByLabelText('Starting from'), '2026-03-01')
    await user.type(screen.getByLabelText('Ending by'), '2026-03-31')
    await user.type(screen.getByLabelText('Discount'), '50')
    await user.click(screen.getByRole('button', { name: 'Create Promo Code' }))
    expect(await screen.findByText(taken)).toBeInTheDocument()
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true')
    expect(router.state.location.search).toBe('?view=create')
  })

  it('shows a message without fields as it comes', async () => {
    adminApi((method) => (method === 'POST' ? apiError(403, 'forbidden', 'You are not allowed to do that.') : reply(200, { codes: [] })))
    const user = userEvent.setup({ delay: null })
    open('/admin?view=create')
    await user.type(screen.getByLabelText('Code'), 'X1')
    await user.type(screen.getByLabelText('Starting from'), '2026-03-01')
    await user.type(screen.getByLabelText('Ending by'), '2026-03-01')
    await user.type(screen.getByLabelText('Discount'), '5')
    await user.click(screen.getByRole('button', { name: 'Create Promo Code' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do that.')
  })
})

describe('All Promo Codes', () => {
  it('lists the codes under the spec columns, dates as their first 10 characters', async () => {
    adminApi(listOf([half, free]))
    open('/admin?view=codes')
    const table = await screen.findByRole('table', { name: 'All Promo Codes' })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    // Readable labels and British dates, never a raw field name or ISO date (issue 27).
    expect(headers).toEqual(['Code', 'Active', 'Discount', 'Created At', 'Starts At', 'Ends At', 'Updated At', 'Delete'])
    expect(screen.getByText('Click on a code to update it, click on the trash bin to delete it')).toBeInTheDocument()
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['HALF50', 'Yes', '50%', '2 Jan 2026', '1 Jan 2026', '30 Jun 2026', '3 Jan 2026', ''],
      ['FREE100', 'No', '100%', '30 Nov 2025', '1 Dec 2025', '31 Dec 2025', '30 Nov 2025', ''],
    ])
    expect(within(rows[0]).getByRole('button', { name: 'Delete HALF50' })).toBeInTheDocument()
  })

  it("says 'No Codes' when there are none", async () => {
    adminApi(listOf([]))
    open()
    expect(await screen.findByText('No Codes')).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it("says 'error retrieving codes...' when the list cannot be fetched", async () => {
    adminApi(() => apiError(500, 'internal', 'boom'))
    open()
    expect(await screen.findByText('error retrieving codes...')).toBeInTheDocument()
  })

  it('a row click opens the Update Promo Code form, prefilled, and saving returns to the list', async () => {
    let codes = [half, free]
    const { put } = adminApi((method, _path, init) => {
      if (method === 'GET') return reply(200, { codes })
      if (method === 'PUT') {
        const saved = { ...half, ...(init?.body as object), updatedAt: '2026-02-01T08:00:00Z' }
        codes = [saved, free]
        return reply(200, { code: saved })
      }
      return apiError(500, 'internal', 'unexpected')
    })
    const user = userEvent.setup({ delay: null })
    const { router } = open()
    const table = await screen.findByRole('table', { name: 'All Promo Codes' })
    // A click anywhere on the row, not only on the code.
    await user.click(within(table).getByText('30 Jun 2026'))
    expect(router.state.location.search).toBe('?view=edit&id=p2')
    const form = screen.getByRole('form', { name: 'Update Promo Code' })
    expect(within(form).getByLabelText('Code')).toHaveValue('HALF50')
    expect(within(form).getByLabelText('Starting from')).toHaveValue('2026-01-01')
    expect(within(form).getByLabelText('Ending by')).toHaveValue('2026-06-30')
    expect(within(form).getByLabelText('Discount')).toHaveValue(50)
    expect(within(form).getByLabelText('Active')).toBeChecked()

    await user.clear(within(form).getByLabelText('Discount'))
    await user.type(within(form).getByLabelText('Discount'), '40')
    await user.click(within(form).getByRole('button', { name: 'Update Promo Code' }))
    expect(await screen.findByText('Promo code HALF50 updated.')).toBeInTheDocument()
    expect(put).toHaveBeenCalledWith('/api/admin/promo-codes/{id}', {
      params: { path: { id: 'p2' } },
      body: { code: 'HALF50', active: true, discount: 40, startDate: '2026-01-01', endDate: '2026-06-30' },
    })
    expect(router.state.location.search).toBe('?view=codes')
    const row = (await screen.findByRole('button', { name: 'Update HALF50' })).closest('tr')!
    expect(within(row).getByText('40%')).toBeInTheDocument()
  })

  it('the code is a button, so the keyboard opens the update form too', async () => {
    adminApi(listOf([half, free]))
    const user = userEvent.setup({ delay: null })
    const { router } = open()
    const button = await screen.findByRole('button', { name: 'Update FREE100' })
    button.focus()
    await user.keyboard('{Enter}')
    expect(router.state.location.search).toBe('?view=edit&id=p1')
    expect(screen.getByLabelText('Active')).not.toBeChecked()
    expect(screen.getByLabelText('Discount')).toHaveValue(100)
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(router.state.location.search).toBe('?view=codes')
  })

  it('an unknown id says the code is not found', async () => {
    adminApi(listOf([half]))
    open('/admin?view=edit&id=nope')
    expect(await screen.findByText('Promo code not found.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to All Promo Codes' })).toHaveAttribute('href', '/admin?view=codes')
  })

  it('deletes only after the confirmation', async () => {
    let codes = [half, free]
    const { del } = adminApi((method, path) => {
      if (method === 'GET' && path === '/api/admin/promo-codes') return reply(200, { codes })
      if (method === 'DELETE') {
        codes = [free]
        return { data: undefined, response: new Response(null, { status: 204 }) }
      }
      return apiError(500, 'internal', 'unexpected')
    })
    const user = userEvent.setup({ delay: null })
    const { router } = open()
    await user.click(await screen.findByRole('button', { name: 'Delete HALF50' }))
    // The trash bin does not open the update form.
    expect(router.state.location.search).toBe('')
    const dialog = screen.getByRole('dialog', { name: 'Delete promo code' })
    expect(dialog).toHaveTextContent('Delete the promo code HALF50?')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(dialog).not.toHaveAttribute('open')
    expect(del).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Delete HALF50' }))
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Promo code HALF50 deleted.')).toBeInTheDocument()
    expect(del).toHaveBeenCalledWith('/api/admin/promo-codes/{id}', { params: { path: { id: 'p2' } } })
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Update HALF50' })).toBeNull())
    expect(screen.getByRole('button', { name: 'Update FREE100' })).toBeInTheDocument()
  })
})
