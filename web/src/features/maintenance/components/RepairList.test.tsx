import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi, renderPage, reply, sampleUser } from '../../../test/utils'
import MaintenancePage from '../routes/MaintenancePage'
import { item } from '../testdata'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const repairs = [
  item(),
  item({ id: 'r2', categoryName: 'Gas', room: 'Kitchen', priority: 'emergency', emergency: true, overdue: true }),
  item({ id: 'r3', categoryName: 'Doors, windows and security', room: 'Hall or stairs', status: 'closed', statusText: 'Closed', open: false, nextDue: null }),
]

describe('the repairs list', () => {
  it("shows a tenant their home's repairs, open and closed, with status and the date the landlord is due to act by", async () => {
    mockApi((path) => (path === '/api/repairs' ? reply(200, { repairs }) : reply(404, {})), { ...sampleUser, userType: 'Tenant' })
    renderPage(<MaintenancePage />, { path: '/maintenance' })
    const open = await screen.findByRole('region', { name: 'Open repairs (2)' })
    const leak = within(open).getByRole('link', { name: 'Water and leaks: Kitchen' })
    expect(leak).toHaveAttribute('href', '/maintenance/r1')
    const card = leak.closest('li') as HTMLElement
    expect(card).toHaveTextContent('Reported')
    expect(card).toHaveTextContent('Investigate by Thu 17 Dec 2026 (target)')
    expect(card).toHaveTextContent('Routine')
    expect(within(open).getByText(/overdue/)).toBeInTheDocument()
    const closed = screen.getByRole('region', { name: 'Closed repairs (1)' })
    expect(within(closed).getByRole('link', { name: 'Doors, windows and security: Hall or stairs' })).toBeInTheDocument()
    expect(within(closed).getByText('Closed')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Report a repair' })).toHaveAttribute('href', '/maintenance/report')
    // A tenant's list is their home's: no address on each.
    expect(screen.queryByText('1 Demo Street, Leeds LS1 1AA')).not.toBeInTheDocument()
  })

  it('shows a landlord the address of each and the way to log a report received elsewhere', async () => {
    mockApi((path) => (path === '/api/repairs' ? reply(200, { repairs: [repairs[0]] }) : reply(404, {})), sampleUser)
    renderPage(<MaintenancePage />, { path: '/maintenance' })
    expect(await screen.findByText('1 Demo Street, Leeds LS1 1AA')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log a repair' })).toHaveAttribute('href', '/maintenance/report')
    expect(screen.getByText('No closed repairs.')).toBeInTheDocument()
  })
})
