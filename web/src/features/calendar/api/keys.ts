// The calendar's API types and query keys (api/openapi.yaml, "Calendar").
import type { components } from '../../../lib/api-schema'

export type CalendarEvent = components['schemas']['CalendarEvent']
export type EventInput = components['schemas']['CalendarEventInput']
export type Occurrence = components['schemas']['CalendarOccurrence']
export type OccurrenceInput = components['schemas']['CalendarOccurrenceInput']
export type Attendee = components['schemas']['CalendarAttendee']
export type EventLocation = components['schemas']['CalendarLocation']
export type Feed = components['schemas']['CalendarFeed']
export type EventCategory = components['schemas']['CalendarCategory']
export type EventFrequency = components['schemas']['CalendarFrequency']
export type EventAlert = components['schemas']['CalendarAlert']

export type OccurrenceQuery = { from: string; to: string; category?: string; q?: string }

export const calendarKey = ['calendar'] as const
export const occurrencesKey = (q: OccurrenceQuery) => ['calendar', 'occurrences', q.from, q.to, q.category ?? '', q.q ?? ''] as const
export const eventKey = (id: string) => ['calendar', 'event', id] as const
export const feedKey = ['calendar', 'feed'] as const
