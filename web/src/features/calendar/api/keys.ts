// The calendar's API types and query keys (api/openapi.yaml, "Calendar").
// PROVISIONAL: hand-written from the draft contract until the generated types land.

export type Attendee = { firstName: string; lastName: string; email: string }
export type EventLocation = { propertyId: string; address: string }
export type Exception = { occurrence: string; deleted: boolean; title?: string; date?: string; startTime?: string; endTime?: string }

export type EventInput = {
  category: string
  title: string
  description: string
  location: EventLocation
  attendees: Attendee[]
  date: string
  startTime: string
  endTime: string
  frequency: string
  limitDate: string
  alert: string
}

export type CalendarEvent = EventInput & {
  id: string
  timeZone: string
  rrule: string
  exceptions: Exception[]
  creatorId: string
  creatorEmail: string
  creatorFullName: string
  createdAt: string
  updatedAt: string
}

export type Occurrence = {
  key: string
  eventId: string
  occurrence: string
  date: string
  startTime: string
  endTime: string
  start: string
  end: string
  allDay: boolean
  category: string
  title: string
  description: string
  location: EventLocation
  attendees: Attendee[]
  frequency: string
  alert: string
  recurring: boolean
  overridden: boolean
  generated: boolean
  done: boolean
  link: string
  source: string
  note: string
}

export type OccurrenceInput = { title?: string; date: string; startTime: string; endTime: string }
export type Feed = { enabled: boolean; url: string }

export type OccurrenceQuery = { from: string; to: string; category?: string; q?: string }

export const calendarKey = ['calendar'] as const
export const occurrencesKey = (q: OccurrenceQuery) => ['calendar', 'occurrences', q.from, q.to, q.category ?? '', q.q ?? ''] as const
export const eventKey = (id: string) => ['calendar', 'event', id] as const
export const feedKey = ['calendar', 'feed'] as const
