// The UK's day and time: the site's dates and times are Europe/London
// wall-clock ones, whatever the browser's own time zone (a landlord abroad,
// or a laptop left on UTC).

/** todayInLondon is today's date in the UK as YYYY-MM-DD (what a date box holds). */
export function todayInLondon(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return now.toLocaleDateString('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' })
}

const ukMinute = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short',
})

/**
 * ukDateTime writes a moment in UK time to the minute with the zone named,
 * "15/07/2026 14:00 BST" (GMT in winter), whatever the browser's time zone:
 * as the server writes times in a photo's notes and the report's PDF
 * (inventory's ukShort), so a time and the note beside it agree. '' for a
 * value that is not a time.
 */
export function ukDateTime(when: string | Date): string {
  const d = when instanceof Date ? when : new Date(when)
  if (Number.isNaN(d.getTime())) return ''
  const p = Object.fromEntries(ukMinute.formatToParts(d).map((x) => [x.type, x.value]))
  // Europe/London is GMT or BST; a runtime without the names says GMT+1.
  const zone = p.timeZoneName === 'GMT+1' ? 'BST' : p.timeZoneName
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute} ${zone}`
}
