// Calendar dates as the server speaks them: Europe/London wall-clock dates
// ("2026-07-07") and times ("09:00"), never instants. The arithmetic here is
// done on calendar days (UTC midnights), so a clock change never moves a day.

export const LONDON = 'Europe/London'

const pad = (n: number) => String(n).padStart(2, '0')

/** iso turns a UTC-midnight Date into "YYYY-MM-DD". */
function iso(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

/** parse reads "YYYY-MM-DD" as a UTC midnight. */
function parse(date: string): Date {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y, (m ?? 1) - 1, d ?? 1))
}

/** todayInLondon is today's date on a wall clock in London. */
export function todayInLondon(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: LONDON, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/** isDate checks "YYYY-MM-DD" (a real day). */
export function isDate(s: string | null | undefined): s is string {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  return iso(parse(s)) === s
}

/** isMonth checks "YYYY-MM". */
export function isMonth(s: string | null | undefined): s is string {
  return !!s && /^\d{4}-(0[1-9]|1[0-2])$/.test(s)
}

export function monthOf(date: string): string {
  return date.slice(0, 7)
}

export function addDays(date: string, n: number): string {
  const d = parse(date)
  d.setUTCDate(d.getUTCDate() + n)
  return iso(d)
}

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number)
  const d = new Date(Date.UTC(y, m - 1 + n, 1))
  return iso(d).slice(0, 7)
}

/** weekStart is the Monday of the week holding date (weeks start on Monday in the UK). */
export function weekStart(date: string): string {
  const dow = (parse(date).getUTCDay() + 6) % 7 // Monday 0 ... Sunday 6
  return addDays(date, -dow)
}

/** weekOf lists the seven days, Monday to Sunday, of the week holding date. */
export function weekOf(date: string): string[] {
  const start = weekStart(date)
  return Array.from({ length: 7 }, (_, i) => addDays(start, i))
}

/**
 * monthGrid gives the weeks shown for a month: whole Monday-to-Sunday weeks
 * from the one holding the 1st to the one holding the last day.
 */
export function monthGrid(month: string): string[][] {
  const first = `${month}-01`
  const last = addDays(`${addMonths(month, 1)}-01`, -1)
  const weeks: string[][] = []
  for (let day = weekStart(first); day <= last; day = addDays(day, 7)) weeks.push(weekOf(day))
  return weeks
}

/** gridRange is the first and last day a month's grid shows (what to ask the server for). */
export function gridRange(month: string): { from: string; to: string } {
  const weeks = monthGrid(month)
  return { from: weeks[0][0], to: weeks[weeks.length - 1][6] }
}

const fmt = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...opts, timeZone: 'UTC' })
const longDay = fmt({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
const shortDay = fmt({ weekday: 'short', day: 'numeric', month: 'short' })
const monthYear = fmt({ month: 'long', year: 'numeric' })
const numeric = fmt({ day: '2-digit', month: '2-digit', year: 'numeric' })

/** formatLongDay: "Tuesday 7 July 2026". */
export function formatLongDay(date: string): string {
  return longDay.format(parse(date)).replace(',', '')
}

/** formatShortDay: "Tue 7 Jul". */
export function formatShortDay(date: string): string {
  return shortDay.format(parse(date)).replace(',', '')
}

/** formatMonth: "July 2026". */
export function formatMonth(month: string): string {
  return monthYear.format(parse(`${month}-01`))
}

/** formatDate: "07/07/2026" (dates are shown en-GB). */
export function formatDate(date: string): string {
  return numeric.format(parse(date))
}

export function dayOfMonth(date: string): number {
  return Number(date.slice(8, 10))
}

/** WEEKDAYS are the grid's column heads, Monday first. */
export const WEEKDAYS = [
  { short: 'Mon', long: 'Monday' },
  { short: 'Tue', long: 'Tuesday' },
  { short: 'Wed', long: 'Wednesday' },
  { short: 'Thu', long: 'Thursday' },
  { short: 'Fri', long: 'Friday' },
  { short: 'Sat', long: 'Saturday' },
  { short: 'Sun', long: 'Sunday' },
]
