// The event form's rules (spec 3 section 5): every field but the limit date
// and the people is needed, else 'Please fill all the fields'; the end comes
// after the start; a limit date only for a repeating event, not before the date.
import { z } from 'zod'
import type { Attendee, CalendarEvent, EventAlert, EventCategory, EventFrequency, EventInput } from './api/keys'
import { MSG } from './rules'

const filled = z.string().trim().min(1, MSG.fillAll)

export const eventSchema = z
  .object({
    category: filled,
    title: filled,
    description: filled,
    propertyId: z.string(),
    address: z.string(),
    attendees: z.array(z.object({ firstName: z.string(), lastName: z.string(), email: z.string() })),
    date: filled,
    startTime: filled,
    endTime: filled,
    frequency: filled,
    limitDate: z.string(),
    alert: filled,
  })
  .superRefine((v, ctx) => {
    if (!v.propertyId && !v.address.trim()) ctx.addIssue({ code: 'custom', path: ['address'], message: MSG.fillAll })
    if (v.startTime && v.endTime && v.endTime <= v.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: MSG.endAfterStart })
    if (v.frequency !== 'one-off' && v.limitDate && v.date && v.limitDate < v.date)
      ctx.addIssue({ code: 'custom', path: ['limitDate'], message: MSG.limitAfterDate })
  })

export type EventFormValues = z.input<typeof eventSchema>

export function emptyEvent(date: string): EventFormValues {
  return {
    category: '',
    title: '',
    description: '',
    propertyId: '',
    address: '',
    attendees: [],
    date,
    startTime: '',
    endTime: '',
    frequency: '',
    limitDate: '',
    alert: '',
  }
}

export function fromEvent(e: CalendarEvent): EventFormValues {
  return {
    category: e.category,
    title: e.title,
    description: e.description,
    propertyId: e.location.propertyId,
    address: e.location.address,
    attendees: e.attendees.map((a) => ({ ...a })),
    date: e.date,
    startTime: e.startTime,
    endTime: e.endTime,
    frequency: e.frequency,
    limitDate: e.limitDate,
    alert: e.alert,
  }
}

export function toInput(v: EventFormValues): EventInput {
  return {
    category: v.category as EventCategory,
    title: v.title.trim(),
    description: v.description.trim(),
    location: { propertyId: v.propertyId, address: v.address.trim() },
    attendees: v.attendees,
    date: v.date,
    startTime: v.startTime,
    endTime: v.endTime,
    frequency: v.frequency as EventFrequency,
    // Picking one off clears the limit date (spec 3 section 4).
    limitDate: v.frequency === 'one-off' ? '' : v.limitDate,
    alert: v.alert as EventAlert,
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** personProblem checks a person before they are added: name and e-mail needed, e-mail valid, not twice. */
export function personProblem(p: Attendee, others: Attendee[]): string {
  if (!p.firstName.trim() || !p.email.trim()) return MSG.fillAll
  if (!EMAIL.test(p.email.trim())) return MSG.invalidEmail
  if (others.some((o) => o.email.trim().toLowerCase() === p.email.trim().toLowerCase())) return 'This person is already on the list.'
  return ''
}
