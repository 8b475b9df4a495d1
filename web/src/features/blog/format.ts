// Dates of the blog, written the UK way (spec 1: dates en-GB).
const longDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' })

/** blogDate is a day as 14 November 2026; empty for a missing or bad date. */
export function blogDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '' : longDay.format(d)
}

/** postDay is the date a post shows: when it was published, else when it was written. */
export function postDay(p: { publishedAt: string | null; createdAt: string }): string {
  return p.publishedAt ?? p.createdAt
}
