// One occurrence of an event as it happens: the series' date and times, or
// the changes made to that occurrence alone.
import type { CalendarEvent } from './api/keys'

export type Happening = { title: string; date: string; startTime: string; endTime: string; overridden: boolean; deleted: boolean }

/** occurrenceOf: occurrence is the original start ("2026-11-12T09:00"); without it, the event's first date. */
export function occurrenceOf(e: CalendarEvent, occurrence?: string | null): Happening {
  if (!occurrence || e.frequency === 'one-off') {
    return { title: e.title, date: e.date, startTime: e.startTime, endTime: e.endTime, overridden: false, deleted: false }
  }
  const base = { title: e.title, date: occurrence.slice(0, 10), startTime: occurrence.slice(11, 16), endTime: e.endTime }
  const x = e.exceptions.find((x) => x.occurrence === occurrence)
  if (!x) return { ...base, overridden: false, deleted: false }
  if (x.deleted) return { ...base, overridden: false, deleted: true }
  return {
    title: x.title || base.title,
    date: x.date || base.date,
    startTime: x.startTime || base.startTime,
    endTime: x.endTime || base.endTime,
    overridden: true,
    deleted: false,
  }
}

/** calendarHref opens the calendar on a day. */
export function calendarHref(date: string): string {
  return `/calendar?month=${date.slice(0, 7)}&date=${date}`
}
