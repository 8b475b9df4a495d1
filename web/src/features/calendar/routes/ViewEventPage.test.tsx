import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { api } from '../../../lib/api'
import { mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'
import ViewEventPage from './ViewEventPage'

beforeAll(polyfillDialog)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const people = ['Amy Lee', 'Ben Ray', 'Cal Ng', 'Dee Oak', 'Eve Pym'].map((n) => {
  const [firstName, lastName] = n.split(' ')
  return { firstName, lastName, email: `${firstName.toLowerCase()}@example.com` }
})

const weekly = {
  id: 'e1',
  category: 'Viewings',
  title: 'Viewing at 12 Oak Road',
  description: 'Bring the keys',
  location: { propertyId: 'p1', address: '12 Oak Road, Leeds LS1 1AA' },
  attendees: people,
  date: '2026-11-05',
  startTime: '09:00',
  endTime: '10:00',
  frequency: 'weekly',
  limitDate: '2026-12-31',
  alert: '1 hour',
  timeZone: 'Europe/London',
  rrule: 'FREQ=WEEKLY',
  exceptions: [{ occurrence: '2026-11-12T09:00', deleted: false, title: 'Viewing (moved)', date: '2026-11-13', startTime: '11:00', endTime: '12:00' }],
  creatorId: 'u1',
  creatorEmail: 'ann@example.com',
  creatorFullName: 'Ann Example',
  createdAt: '2026-11-01T09:00:00Z',
  updatedAt: '2026-11-01T09:00:00Z',
}

function open(url: string, event: Record<string, unknown> = weekly) {
  mockApi((path) => {
    if (path === '/api/calendar/events/{id}') return reply(200, { event })
    return reply(404, { error: { code: 'not_found', message: 'no' } })
  }, sampleUser)
  const del = vi.spyOn(api, 'DELETE').mockImplementation((async (path: string) =>
    path.endsWith('{occurrence}') ? reply(200, { event }) : { data: undefined, response: new Response(null, { status: 204 }) }) as never)
  renderPage(<ViewEventPage />, { path: '/calendar/view/:id', initialEntries: [url] })
  return del
}

describe('the event page', () => {
  it('shows an occurrence as it happens, with three avatars and +N', async () => {
    open('/calendar/view/e1?occurrence=2026-11-12T09%3A00')
    expect(await screen.findByRole('heading', { name: 'Viewing (moved)' })).toBeInTheDocument()
    expect(screen.getByText('Friday 13 November 2026')).toBeInTheDocument()
    expect(screen.getByText('11:00 – 12:00')).toBeInTheDocument()
    expect(screen.getByText('12 Oak Road')).toBeInTheDocument() // the location's first line
    expect(screen.getByText(/Weekly until 31\/12\/2026/)).toBeInTheDocument()
    expect(screen.getByText(/this occurrence was changed/)).toBeInTheDocument()
    expect(screen.getByText('1 hour before')).toBeInTheDocument()
    const avatars = screen.getByRole('img', { name: /^Attendees/ })
    expect(Array.from(avatars.querySelectorAll('.cal-avatar')).map((a) => a.textContent)).toEqual(['AL', 'BR', 'CN', '+2'])
  })

  it('offers to edit this occurrence or the whole series', async () => {
    open('/calendar/view/e1?occurrence=2026-11-19T09:00')
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' })
    expect(within(dialog).getByRole('link', { name: 'This occurrence' })).toHaveAttribute('href', '/calendar/edit/e1?occurrence=2026-11-19T09%3A00')
    expect(within(dialog).getByRole('link', { name: 'The whole series' })).toHaveAttribute('href', '/calendar/edit/e1')
  })

  it('deletes this occurrence only when asked', async () => {
    const del = open('/calendar/view/e1?occurrence=2026-11-19T09:00')
    fireEvent.click(await screen.findByRole('button', { name: 'Delete event' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete event' })
    expect(within(dialog).getByRole('radio', { name: /This occurrence/ })).toBeChecked()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(del).toHaveBeenCalled())
    expect(del.mock.calls[0][0]).toBe('/api/calendar/events/{id}/occurrences/{occurrence}')
    expect(del.mock.calls[0][1]).toEqual({ params: { path: { id: 'e1', occurrence: '2026-11-19T09:00' } } })
    expect(await screen.findByText('Elsewhere at /calendar for Ann Example')).toBeInTheDocument()
  })

  it('deletes the whole series when chosen', async () => {
    const del = open('/calendar/view/e1?occurrence=2026-11-19T09:00')
    fireEvent.click(await screen.findByRole('button', { name: 'Delete event' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete event' })
    fireEvent.click(within(dialog).getByRole('radio', { name: /The whole series/ }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(del).toHaveBeenCalled())
    expect(del.mock.calls[0][0]).toBe('/api/calendar/events/{id}')
    expect(del.mock.calls[0][1]).toEqual({ params: { path: { id: 'e1' } } })
  })

  it('asks a plain confirmation for a one-off event', async () => {
    const del = open('/calendar/view/e1', { ...weekly, frequency: 'one-off', limitDate: '', exceptions: [] })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete event' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete event' })
    expect(within(dialog).queryByRole('radio')).toBeNull()
    expect(within(dialog).getByText(/Are you sure you want to delete/)).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(del.mock.calls[0]?.[0]).toBe('/api/calendar/events/{id}'))
  })

  it('says so when the event is not there (another user’s answers 404)', async () => {
    mockApi(() => reply(404, { error: { code: 'not_found', message: 'Not found' } }), sampleUser)
    renderPage(<ViewEventPage />, { path: '/calendar/view/:id', initialEntries: ['/calendar/view/nope'] })
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument()
  })
})
