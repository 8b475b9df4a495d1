import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { api } from '../../../lib/api'
import { meQueryKey } from '../../../lib/auth'
import { mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'
import CalendarPage from './CalendarPage'

beforeAll(polyfillDialog)
beforeEach(() => {
  // Only the clock is faked: 10:00 on Tuesday 7 July 2026 in London.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-07-07T09:00:00Z'))
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function occ(date: string, o: Partial<Record<string, unknown>> = {}) {
  return {
    key: `ev:e1:${date}T09:00`,
    eventId: 'e1',
    occurrence: `${date}T09:00`,
    date,
    startTime: '09:00',
    endTime: '10:00',
    start: `${date}T08:00:00Z`,
    end: `${date}T09:00:00Z`,
    allDay: false,
    category: 'Viewings',
    title: 'Viewing at 12 Oak Road',
    description: 'Bring the keys',
    location: { propertyId: 'p1', address: '12 Oak Road, Leeds LS1 1AA' },
    attendees: [{ firstName: 'Amy', lastName: 'Lee', email: 'amy@example.com' }],
    frequency: 'weekly',
    alert: '1 hour',
    recurring: true,
    overridden: false,
    generated: false,
    done: false,
    link: '',
    source: '',
    note: '',
    ...o,
  }
}

const gas = occ('2026-07-20', {
  key: 'gen:cert:c1:2026-07-20',
  eventId: '',
  occurrence: '2026-07-20',
  startTime: '',
  endTime: '',
  allDay: true,
  category: 'Certificates',
  title: 'Gas safety certificate expires',
  description: '12 Oak Road',
  attendees: [],
  frequency: 'one-off',
  alert: 'none',
  recurring: false,
  generated: true,
  link: '/documents/Certificates?id=c1',
  source: 'Gas Safety (Installation and Use) Regulations 1998, regulation 36',
})

type Query = { from: string; to: string; category?: string; q?: string }

function setup(me: unknown = sampleUser, at = '/calendar') {
  const asked: Query[] = []
  mockApi((path, init) => {
    if (path === '/api/calendar/occurrences') {
      const q = (init as { params: { query: Query } }).params.query
      asked.push(q)
      const all = [occ('2026-07-07'), occ('2026-07-14'), gas, occ('2026-08-04')]
      return reply(200, { occurrences: all.filter((o) => o.date >= q.from && o.date <= q.to && (!q.category || o.category === q.category)) })
    }
    if (path === '/api/calendar/feed') return reply(200, { enabled: false, url: '' })
    return reply(404, { error: { code: 'not_found', message: 'no' } })
  }, me)
  const put = vi.spyOn(api, 'PUT').mockImplementation((async () => reply(200, { key: gas.key, done: true })) as never)
  const view = renderPage(<CalendarPage />, { path: '/calendar', initialEntries: [at] })
  return { asked, put, view }
}

describe('the calendar', () => {
  it('shows this month with today marked, dotted days and the events grouped by date', async () => {
    const { asked } = setup()
    expect(await screen.findByRole('heading', { name: 'July 2026' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: /Tuesday 7 July 2026, today, 1 event/ })).toHaveAttribute('aria-current', 'date')
    expect(screen.getByRole('button', { name: 'Tuesday 14 July 2026, 1 event' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Monday 20 July 2026, 1 event' })).toBeInTheDocument()
    expect(asked[0]).toEqual({ from: '2026-06-29', to: '2026-08-02' })
    const list = screen.getByRole('region', { name: 'Events in July 2026' })
    const days = within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
    expect(days).toEqual(['Tuesday 7 July 2026Today', 'Tuesday 14 July 2026', 'Monday 20 July 2026'])
    expect(within(list).getAllByRole('link', { name: /Viewing at 12 Oak Road/ })[0]).toHaveAttribute(
      'href',
      '/calendar/view/e1?occurrence=2026-07-07T09%3A00',
    )
  })

  it('moves to the next month and picks a day', async () => {
    const { asked } = setup()
    await screen.findByRole('heading', { name: 'July 2026' })
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }))
    expect(await screen.findByRole('heading', { name: 'August 2026' })).toBeInTheDocument()
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-07-27', to: '2026-09-06' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Tuesday 4 August 2026, 1 event' }))
    expect(await screen.findByRole('region', { name: 'Events on Tuesday 4 August 2026' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /New event/ })).toHaveAttribute('href', '/calendar/create?date=2026-08-04')
  })

  it('filters by the category tiles', async () => {
    const { asked } = setup()
    await screen.findByRole('heading', { name: 'July 2026' })
    fireEvent.click(screen.getByRole('button', { name: 'Certificates' }))
    await waitFor(() => expect(asked.at(-1)?.category).toBe('Certificates'))
    expect(screen.getByRole('button', { name: 'Certificates' })).toHaveAttribute('aria-pressed', 'true')
    await waitFor(() => expect(screen.queryAllByRole('link', { name: /Viewing at/ })).toHaveLength(0))
    expect(screen.getByText('Gas safety certificate expires')).toBeInTheDocument()
  })

  // A tenant has no books: the Wallet tile is a landlord's (issue 43).
  const tiles = () => within(screen.getByRole('group', { name: 'Event types' })).getAllByRole('button').map((b) => b.textContent)

  it('offers a landlord the Wallet tile', async () => {
    const { view } = setup()
    await waitFor(() => expect(view.qc.getQueryData(meQueryKey)).toMatchObject({ userType: 'Landlord' }))
    await screen.findByRole('heading', { name: 'July 2026' })
    expect(tiles()).toEqual(['All', 'Vendors', 'Viewings', 'Wallet', 'Certificates', 'Maintenance', 'Tenancy'])
  })

  it("offers a tenant no Wallet tile, and shows All for a link to ?category=Wallet", async () => {
    const { asked, view } = setup({ ...sampleUser, userType: 'Tenant' }, '/calendar?category=Wallet')
    await waitFor(() => expect(view.qc.getQueryData(meQueryKey)).toMatchObject({ userType: 'Tenant' }))
    await screen.findByRole('heading', { name: 'July 2026' })
    expect(tiles()).toEqual(['All', 'Vendors', 'Viewings', 'Certificates', 'Maintenance', 'Tenancy'])
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')
    await waitFor(() => expect(asked.length).toBeGreaterThan(0))
    expect(asked.every((q) => q.category === undefined)).toBe(true)
  })

  it('marks a generated date done and links to its record', async () => {
    const { put } = setup()
    await screen.findByText('Gas safety certificate expires')
    expect(screen.getByRole('link', { name: /Open the record/ })).toHaveAttribute('href', '/documents/Certificates?id=c1')
    fireEvent.click(screen.getByRole('button', { name: /Mark done/ }))
    await waitFor(() => expect(put).toHaveBeenCalled())
    expect(put.mock.calls[0][0]).toBe('/api/calendar/generated/{key}/done')
    expect(put.mock.calls[0][1]).toEqual({ params: { path: { key: gas.key } }, body: { done: true } })
  })

  it('searches titles, descriptions, places and people', async () => {
    const { asked } = setup()
    await screen.findByRole('heading', { name: 'July 2026' })
    fireEvent.click(screen.getByRole('button', { name: 'Search events' }))
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'amy' } })
    await waitFor(() => expect(asked.at(-1)?.q).toBe('amy'), { timeout: 2000 })
    expect(asked.at(-1)).toMatchObject({ from: '2026-01-01', to: '2027-01-31' })
    expect(await screen.findByRole('heading', { name: 'Results for “amy”' })).toBeInTheDocument()
  })

  it('shows a week and an agenda', async () => {
    const { asked } = setup()
    await screen.findByRole('heading', { name: 'July 2026' })
    fireEvent.click(screen.getByRole('button', { name: 'Week' }))
    expect(await screen.findByRole('heading', { name: 'Mon 6 Jul – Sun 12 Jul' })).toBeInTheDocument()
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-07-06', to: '2026-07-12' }))
    expect((await screen.findAllByText('Nothing planned')).length).toBe(6)
    fireEvent.click(screen.getByRole('button', { name: 'Agenda' }))
    expect(await screen.findByRole('heading', { name: 'Coming up' })).toBeInTheDocument()
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-07-07', to: '2026-09-04' }))
  })

  it('turns the feed on from its panel', async () => {
    setup()
    const post = vi.spyOn(api, 'POST')
    post.mockImplementation((async () => reply(200, { enabled: true, url: 'http://x/api/calendar/feed/tok.ics' })) as never)
    await screen.findByRole('heading', { name: 'July 2026' })
    fireEvent.click(screen.getByRole('button', { name: 'Calendar feed' }))
    const dialog = await screen.findByRole('dialog', { name: 'Calendar feed' })
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Turn on the calendar feed' }))
    expect(await within(dialog).findByLabelText("Your calendar's private address")).toHaveValue('http://x/api/calendar/feed/tok.ics')
  })
})
