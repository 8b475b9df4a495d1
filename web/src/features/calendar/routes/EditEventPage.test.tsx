import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { api } from '../../../lib/api'
import { mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'
import EditEventPage from './EditEventPage'
import { MSG } from '../rules'

beforeAll(() => {
  polyfillDialog()
  window.scrollTo = vi.fn() as never
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const weekly = {
  id: 'e1',
  category: 'Viewings',
  title: 'Viewing',
  description: 'Bring the keys',
  location: { propertyId: '', address: '12 Oak Road' },
  attendees: [],
  date: '2026-11-05',
  startTime: '09:00',
  endTime: '10:00',
  frequency: 'weekly',
  limitDate: '',
  alert: '1 hour',
  timeZone: 'Europe/London',
  rrule: 'FREQ=WEEKLY',
  exceptions: [],
  creatorId: 'u1',
  creatorEmail: '',
  creatorFullName: '',
  createdAt: '',
  updatedAt: '',
}

function open(url: string) {
  mockApi((path) => {
    if (path === '/api/calendar/events/{id}') return reply(200, { event: weekly })
    if (path === '/api/properties') return reply(200, { properties: [] })
    return reply(404, { error: { code: 'not_found', message: 'no' } })
  }, sampleUser)
  const put = vi.spyOn(api, 'PUT').mockImplementation((async () => reply(200, { event: weekly })) as never)
  renderPage(<EditEventPage />, { path: '/calendar/edit/:id', initialEntries: [url] })
  return put
}

describe('editing', () => {
  it('changes one occurrence: title, date and times, the end after the start', async () => {
    const put = open('/calendar/edit/e1?occurrence=2026-11-12T09:00')
    expect(await screen.findByRole('heading', { name: 'Edit this occurrence' })).toBeInTheDocument()
    expect(screen.getByLabelText('Date')).toHaveValue('2026-11-12')
    expect(screen.getByLabelText('Start time')).toHaveValue('09:00')
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Viewing (moved)' } })
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-11-13' } })
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '11:00' } })
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '10:30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect((await screen.findAllByText(MSG.endAfterStart)).length).toBeGreaterThan(0)
    expect(put).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '12:00' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(put).toHaveBeenCalled())
    expect(put.mock.calls[0][0]).toBe('/api/calendar/events/{id}/occurrences/{occurrence}')
    expect(put.mock.calls[0][1]).toEqual({
      params: { path: { id: 'e1', occurrence: '2026-11-12T09:00' } },
      body: { title: 'Viewing (moved)', date: '2026-11-13', startTime: '11:00', endTime: '12:00' },
    })
  })

  it('changes the whole series; one off clears the limit date', async () => {
    const put = open('/calendar/edit/e1')
    expect(await screen.findByRole('heading', { name: 'Edit event' })).toBeInTheDocument()
    expect(screen.getByLabelText('Title')).toHaveValue('Viewing')
    fireEvent.click(screen.getByRole('button', { name: /^Frequency/ }))
    fireEvent.click(await screen.findByRole('radio', { name: 'One off' }))
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(put).toHaveBeenCalled())
    expect(put.mock.calls[0][0]).toBe('/api/calendar/events/{id}')
    expect(put.mock.calls[0][1]).toMatchObject({ params: { path: { id: 'e1' } }, body: { frequency: 'one-off', limitDate: '', title: 'Viewing' } })
  })
})
