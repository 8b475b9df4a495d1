import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import ShellLayout from './ShellLayout'
import { mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../test/utils'

beforeAll(polyfillDialog)
// Typing is slow under a loaded CI machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function rail() {
  return within(document.querySelector('.shell__rail') as HTMLElement)
}

describe('ShellLayout', () => {
  it('shows the landlord menu with Wallet, no Admin, and Maintenance opening /maintenance', async () => {
    mockApi(() => reply(204), sampleUser)
    renderPage(<ShellLayout />, { path: '/profile/list' })
    await screen.findByRole('button', { name: 'Help' })
    const m = within(rail().getByRole('navigation', { name: 'Main menu' }))
    expect(m.getByRole('link', { name: 'Reference Check' })).toHaveAttribute('href', '/dashboard')
    expect(m.getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/wallet')
    expect(m.getByRole('link', { name: 'Documents' })).toHaveAttribute('href', '/documents/menu')
    expect(m.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page')
    expect(m.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument()
    expect(m.getByRole('link', { name: 'Maintenance' })).toHaveAttribute('href', '/maintenance')
  })

  it('hides Wallet from tenants and shows Admin to admins', async () => {
    mockApi(() => reply(204), { ...sampleUser, userType: 'Tenant', role: 'Admin' })
    renderPage(<ShellLayout />, { path: '/profile/list' })
    await screen.findByRole('button', { name: 'Help' })
    const m = within(rail().getByRole('navigation', { name: 'Main menu' }))
    expect(m.queryByRole('link', { name: 'Wallet' })).not.toBeInTheDocument()
    expect(m.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin')
  })

  it('opens the welcome guide with the tenant text', async () => {
    mockApi(() => reply(204), { ...sampleUser, userType: 'Tenant' })
    const user = userEvent.setup({ delay: null })
    renderPage(<ShellLayout />, { path: '/profile/list' })
    await user.click(await screen.findByRole('button', { name: 'Help' }))
    expect(screen.getByText('OmniRent makes renting simple for landlords, tenants and vendors.')).toBeInTheDocument()
    expect(screen.getByText(/your landlord never sees your bank statements/)).toBeInTheDocument()
  })

  it('logs out and goes to /', async () => {
    const { post } = mockApi(() => reply(204), sampleUser)
    const user = userEvent.setup({ delay: null })
    const { router } = renderPage(<ShellLayout />, { path: '/profile/list' })
    await user.click(await screen.findByRole('button', { name: 'Log out' }))
    expect(post).toHaveBeenCalledWith('/api/auth/logout')
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })
})
