// The UK's day: the site's dates are Europe/London wall-clock days, whatever
// the browser's own time zone (a landlord abroad, or a laptop left on UTC).

/** todayInLondon is today's date in the UK as YYYY-MM-DD (what a date box holds). */
export function todayInLondon(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return now.toLocaleDateString('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' })
}
