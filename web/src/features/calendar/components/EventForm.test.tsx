import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiError, mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'
import CreateEventPage from '../routes/CreateEventPage'
import { meQueryKey } from '../../../lib/auth'
import { MSG } from '../rules'

beforeAll(() => {
  polyfillDialog()
  window.scrollTo = vi.fn() as never
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const property = {
  id: 'p1',
  address: { addrFirstLine: '12 Oak Road', addrSecondLine: '', town: 'Leeds', postcode: 'LS1 1AA', country: 'United Kingdom' },
}

function savedEvent(body: Record<string, unknown>) {
  return { id: 'e1', timeZone: 'Europe/London', rrule: '', exceptions: [], creatorId: 'u1', creatorEmail: '', creatorFullName: '', createdAt: '', updatedAt: '', ...body }
}

function setup(onCreate?: (body: Record<string, unknown>) => ReturnType<typeof reply>, me: unknown = sampleUser) {
  const calls: Array<Record<string, unknown>> = []
  mockApi((path, init) => {
    if (path === '/api/properties') return reply(200, { properties: [property] })
    if (path === '/api/calendar/events') {
      const body = init?.body as Record<string, unknown>
      calls.push(body)
      return onCreate ? onCreate(body) : reply(201, { event: savedEvent(body) })
    }
    return reply(404, { error: { code: 'not_found', message: 'no' } })
  }, me)
  renderPage(<CreateEventPage />, { path: '/calendar/create', initialEntries: ['/calendar/create?date=2026-11-05'] })
  return calls
}

const row = (name: RegExp) => screen.getByRole('button', { name })

describe('the event form', () => {
  // A tenant has no books: the Wallet type is a landlord's (issue 43).
  const types = () => within(screen.getByLabelText('Event type')).getAllByRole('option').map((o) => o.textContent)

  it('offers a landlord the Wallet type', async () => {
    setup()
    await within(await screen.findByLabelText('Event type')).findByRole('option', { name: 'Wallet' })
    expect(types()).toEqual(['Choose a type', 'Vendors', 'Viewings', 'Wallet', 'Certificates', 'Maintenance', 'Tenancy', 'Other'])
  })

  it('offers a tenant no Wallet type', async () => {
    mockApi((path) => (path === '/api/properties' ? reply(200, { properties: [] }) : reply(404, { error: { code: 'not_found', message: 'no' } })), {
      ...sampleUser,
      userType: 'Tenant',
    })
    const { qc } = renderPage(<CreateEventPage />, { path: '/calendar/create' })
    await waitFor(() => expect(qc.getQueryData(meQueryKey)).toMatchObject({ userType: 'Tenant' }))
    await screen.findByRole('heading', { name: 'New event' })
    expect(types()).toEqual(['Choose a type', 'Vendors', 'Viewings', 'Certificates', 'Maintenance', 'Tenancy', 'Other'])
  })

  it("says 'Please fill all the fields' and marks what is missing", async () => {
    const calls = setup()
    await screen.findByRole('heading', { name: 'New event' })
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Viewing' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save event' }))
    const alerts = await screen.findAllByText(MSG.fillAll)
    expect(alerts.length).toBeGreaterThan(1) // the form's message, the toast and the fields
    expect(screen.getByLabelText('Event type')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'false')
    expect(row(/^Location/)).toHaveClass('is-invalid')
    expect(row(/^Alert/)).toHaveClass('is-invalid')
    expect(calls).toHaveLength(0)
    // Filling a field clears its mark.
    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'Viewings' } })
    await waitFor(() => expect(screen.getByLabelText('Event type')).toHaveAttribute('aria-invalid', 'false'))
    expect(row(/^Location/)).toHaveClass('is-invalid')
  })

  it('goes through the sub-screens and saves a weekly event with a person and an alert', async () => {
    const calls = setup()
    await screen.findByRole('heading', { name: 'New event' })
    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'Viewings' } })
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Viewing at 12 Oak Road' } })
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Bring the keys' } })

    // Location: a saved property; choosing it returns to the initial screen.
    fireEvent.click(row(/^Location/))
    fireEvent.click(await screen.findByRole('button', { name: /12 Oak Road, Leeds LS1 1AA/ }))
    await screen.findByRole('heading', { name: 'New event' })
    expect(row(/^Location/)).toHaveTextContent('12 Oak Road, Leeds LS1 1AA')

    // People: a bad e-mail is refused, then four people: three avatars and '+1'.
    fireEvent.click(row(/^People/))
    await screen.findByRole('heading', { name: 'People' })
    const add = (first: string, last: string, email: string) => {
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: first } })
      fireEvent.change(screen.getByLabelText('Last name'), { target: { value: last } })
      fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } })
      fireEvent.click(screen.getByRole('button', { name: 'Add person' }))
    }
    add('Amy', 'Lee', 'amy@')
    expect(await screen.findByText(MSG.invalidEmail)).toBeInTheDocument()
    add('Amy', 'Lee', 'amy@example.com')
    add('', '', 'x@example.com')
    expect(await screen.findByText(MSG.fillAll)).toBeInTheDocument()
    add('Ben', 'Ray', 'ben@example.com')
    add('Cal', 'Ng', 'cal@example.com')
    add('Dee', 'Oak', 'dee@example.com')
    expect(within(screen.getByRole('list', { name: 'People invited' })).getAllByRole('listitem')).toHaveLength(4)
    fireEvent.click(screen.getByRole('button', { name: 'Remove Dee Oak' }))
    add('Dee', 'Oak', 'dee@example.com')
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    await screen.findByRole('heading', { name: 'New event' })
    const people = row(/^People/)
    expect(Array.from(people.querySelectorAll('.cal-avatar')).map((a) => a.textContent)).toEqual(['AL', 'BR', 'CN', '+1'])

    // Time and date: the end must come after the start.
    fireEvent.click(row(/^Time and date/))
    await screen.findByRole('heading', { name: 'Time and date' })
    expect(screen.getByLabelText('Date')).toHaveValue('2026-11-05')
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '09:00' } })
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '08:30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    expect(await screen.findByText(MSG.endAfterStart)).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '10:00' } })
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    await screen.findByRole('heading', { name: 'New event' })
    expect(row(/^Time and date/)).toHaveTextContent('Thursday 5 November 2026, 09:00 – 10:00')

    // Frequency: a limit date for a repeating event; one off clears it.
    fireEvent.click(row(/^Frequency/))
    await screen.findByRole('heading', { name: 'Frequency' })
    expect(screen.queryByLabelText(/Limit date/)).toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: 'Weekly' }))
    fireEvent.change(screen.getByLabelText(/Limit date/), { target: { value: '2026-12-31' } })
    fireEvent.click(screen.getByRole('radio', { name: 'One off' }))
    expect(screen.queryByLabelText(/Limit date/)).toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: 'Weekly' }))
    expect(screen.getByLabelText(/Limit date/)).toHaveValue('')
    fireEvent.change(screen.getByLabelText(/Limit date/), { target: { value: '2026-12-31' } })
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    await screen.findByRole('heading', { name: 'New event' })
    expect(row(/^Frequency/)).toHaveTextContent('Weekly until 31/12/2026')

    // Alert: choosing one returns to the initial screen.
    fireEvent.click(row(/^Alert/))
    fireEvent.click(await screen.findByRole('button', { name: '1 hour before' }))
    await screen.findByRole('heading', { name: 'New event' })

    fireEvent.click(screen.getByRole('button', { name: 'Save event' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toEqual({
      category: 'Viewings',
      title: 'Viewing at 12 Oak Road',
      description: 'Bring the keys',
      location: { propertyId: 'p1', address: '12 Oak Road, Leeds LS1 1AA' },
      attendees: [
        { firstName: 'Amy', lastName: 'Lee', email: 'amy@example.com' },
        { firstName: 'Ben', lastName: 'Ray', email: 'ben@example.com' },
        { firstName: 'Cal', lastName: 'Ng', email: 'cal@example.com' },
        { firstName: 'Dee', lastName: 'Oak', email: 'dee@example.com' },
      ],
      date: '2026-11-05',
      startTime: '09:00',
      endTime: '10:00',
      frequency: 'weekly',
      limitDate: '2026-12-31',
      alert: '1 hour',
    })
    // Saved: the calendar opens on the event's day.
    expect(await screen.findByText('Elsewhere at /calendar for Ann Example')).toBeInTheDocument()
  })

  it("says 'Please fill all the fields' when the save fails, and marks the fields the server refused", async () => {
    setup(() => apiError(400, 'invalid', MSG.fillAll, { description: MSG.fillAll }))
    await screen.findByRole('heading', { name: 'New event' })
    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'Other' } })
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Dentist' } })
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Check-up' } })
    fireEvent.click(row(/^Location/))
    fireEvent.change(await screen.findByLabelText('Place'), { target: { value: 'High Street surgery' } })
    fireEvent.click(screen.getByRole('button', { name: 'Use this place' }))
    fireEvent.click(await screenRow(/^Time and date/))
    fireEvent.change(await screen.findByLabelText('Start time'), { target: { value: '14:00' } })
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '14:30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    fireEvent.click(await screenRow(/^Frequency/))
    fireEvent.click(await screen.findByRole('radio', { name: 'One off' }))
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    fireEvent.click(await screenRow(/^Alert/))
    fireEvent.click(await screen.findByRole('button', { name: 'No alert' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Save event' }))
    await waitFor(() => expect(screen.getAllByText(MSG.fillAll).length).toBeGreaterThan(1))
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true')
  })
})

async function screenRow(name: RegExp) {
  await screen.findByRole('heading', { name: 'New event' })
  return row(name)
}
