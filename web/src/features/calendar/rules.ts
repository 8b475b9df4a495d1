// The calendar's words and lists (spec 3 sections 5 and 9): event types,
// frequencies, alerts, the 3 avatars, and the messages word for word.

export const MSG = {
  fillAll: 'Please fill all the fields',
  endAfterStart: 'The end time must be after the start time.',
  limitAfterDate: 'The limit date must be on or after the date.',
  invalidEmail: 'Invalid Email Address',
  error: 'An Error Occured!',
} as const

/** CATEGORIES are the overview's tiles (All first); CREATE_CATEGORIES what an event may be (plus Other). */
export const CATEGORIES = ['All', 'Vendors', 'Viewings', 'Wallet', 'Certificates', 'Maintenance', 'Tenancy'] as const
export type Category = Exclude<(typeof CATEGORIES)[number], 'All'> | 'Other'
export const CREATE_CATEGORIES: Category[] = ['Vendors', 'Viewings', 'Wallet', 'Certificates', 'Maintenance', 'Tenancy', 'Other']

/**
 * offeredTo keeps the event types a person can use: Wallet (the dates of a
 * landlord's books) only for landlords, since a tenant has no wallet. `keep`
 * is a type to show whatever the person (an event already of that type).
 */
export function offeredTo<T extends string>(types: readonly T[], userType: string | undefined, keep?: string): T[] {
  return types.filter((t) => t !== 'Wallet' || userType === 'Landlord' || t === keep)
}

export const FREQUENCIES = [
  { value: 'one-off', label: 'One off' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
] as const
export type Frequency = (typeof FREQUENCIES)[number]['value']

export const ALERTS = ['none', '15 minutes', '30 minutes', '1 hour', '2 hours', '1 day', '2 days', '1 week', '1 month'] as const
export type Alert = (typeof ALERTS)[number]

/** AVATARS_SHOWN: up to 3 attendee avatars are shown, then '+N' (spec 3 section 9). */
export const AVATARS_SHOWN = 3

export function frequencyLabel(f: string): string {
  return FREQUENCIES.find((x) => x.value === f)?.label ?? f
}

export function alertLabel(a: string): string {
  if (!a) return ''
  return a === 'none' ? 'No alert' : `${a} before`
}

/** monthlyEndNote warns that a monthly event on the 29th-31st skips months without that day (RFC 5545). */
export function monthlyEndNote(date: string, frequency: string): string {
  const day = Number(date.slice(8, 10))
  if (frequency !== 'monthly' || day < 29) return ''
  return `Months without a ${ordinal(day)} are skipped (the calendar standard, RFC 5545): choose the 28th or earlier for every month.`
}

export function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'
  return `${n}${s}`
}

/** initials of a person for their avatar. */
export function initials(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase() || '?'
}

/** timeRange: "09:00 – 10:00" or "All day". */
export function timeRange(start: string, end: string, allDay = false): string {
  if (allDay || !start) return 'All day'
  return end ? `${start} – ${end}` : start
}
