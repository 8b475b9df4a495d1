// Small helpers of the contractors and visits pages.

/**
 * poundsToPence reads pounds and pence as typed ('125', '125.5', '£1,250.00')
 * into a whole number of pence as text for the server, which checks it
 * again; anything else (a minus, letters, three decimals) is null.
 */
export function poundsToPence(typed: string): string | null {
  const s = typed.replace(/[£,\s]/g, '')
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s)
  if (!m) return null
  const pence = `${m[1]}${(m[2] ?? '').padEnd(2, '0')}`.replace(/^0+(?=\d)/, '')
  return pence === '0' || /^0+$/.test(pence) ? null : pence
}

/** ukDateTimeLocal is a moment as a datetime-local value in UK time (2026-12-17T10:00). */
export function ukDateTimeLocal(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false,
  }).formatToParts(d)
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`
}

/** formatPhone shows a UK number as digits in groups: 07700900123 -> 07700 900123, +447700900123 -> +44 7700 900123. */
export function formatPhone(phone: string): string {
  if (/^07\d{9}$/.test(phone)) return `${phone.slice(0, 5)} ${phone.slice(5)}`
  if (/^0\d{10}$/.test(phone)) return `${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`
  if (/^\+44\d{10}$/.test(phone)) return `+44 ${phone.slice(3, 7)} ${phone.slice(7)}`
  return phone
}
