// The documents area's rules without UI: the spec's messages, the four
// views and their addresses, the expiry text that goes beside the colour,
// dates in en-GB, and the expiry a certificate type's term suggests.

export const MSG = {
  selectProperty: 'You must first select a property.',
  noActiveChecks: 'No active reference checks yet...',
  soEmpty: 'So empty...',
  redirecting: 'One moment. We are redirecting you...',
  loading: 'Loading ...',
  deleted: 'deleted',
  noProperties: 'You have no properties yet. Add one to keep its documents here.',
  deleteCertificate: 'Delete this certificate and its files? You cannot undo this.',
  deleteFile: 'Delete this file? You cannot undo this.',
  fileTooLarge: 'Each file must be 10 MB or smaller.',
  fileType: 'Only PDF, JPEG and PNG files are allowed.',
  needFile: 'Add the certificate: choose a file or take a photo.',
  notSavedFile: 'Nothing was saved: the file below was refused. Choose another file (PDF, JPEG or PNG, at most 10 MB) and save again.',
  uploaded: 'Certificate saved.',
  replaced: 'Certificate replaced.',
  updated: 'Certificate updated.',
  requested: 'Your request was sent. We sent you a copy.',
  landlordsOnly: 'The documents area is for landlords: it keeps the papers of the properties you let.',
}

/** The four views of /documents/{view}, in the spec's casing. */
export const VIEWS = ['ReferenceChecks', 'Contracts', 'Certificates', 'InventoryReports'] as const
export type DocView = (typeof VIEWS)[number]

export const VIEW_TITLES: Record<DocView, string> = {
  ReferenceChecks: 'Reference checks',
  Contracts: 'Contracts',
  Certificates: 'Certificates',
  InventoryReports: 'Inventory reports',
}

export function isView(v: string | undefined | null): v is DocView {
  return !!v && (VIEWS as readonly string[]).includes(v)
}

/** A certificate file may be 10 MB (10 × 1024 × 1024 bytes). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024
export const FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png']
export const FILE_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png'

/** fileProblem is why a chosen file cannot be sent ('' when it can); the server checks the content again. */
export function fileProblem(f: { name: string; type: string; size: number }): string {
  const byName = /\.(pdf|jpe?g|png)$/i.test(f.name)
  if (!(FILE_TYPES.includes(f.type) || (!f.type && byName))) return MSG.fileType
  if (f.size > MAX_FILE_BYTES) return MSG.fileTooLarge
  return ''
}

/** The address of a view's details for a property (bookmarkable). */
export function detailsHref(view: DocView, propertyId: string, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ details: 'true', propertyId, ...extra })
  return `/documents/${view}?${q.toString()}`
}

export type ExpiryStatus = 'red' | 'amber' | 'green'

/** expiryText says what the colour means: '20 days left', 'Expires today', 'Expired 3 days ago'. */
export function expiryText(daysLeft: number): string {
  if (daysLeft === 0) return 'Expires today'
  if (daysLeft > 0) return daysLeft === 1 ? '1 day left' : `${daysLeft} days left`
  const ago = -daysLeft
  return ago === 1 ? 'Expired 1 day ago' : `Expired ${ago} days ago`
}

export const STATUS_WORDS: Record<ExpiryStatus, string> = {
  red: 'Action needed',
  amber: 'Due soon',
  green: 'Valid',
}

/** formatDay shows a YYYY-MM-DD day (or an RFC 3339 time) as DD/MM/YYYY. */
export function formatDay(s: string | null | undefined): string {
  if (!s) return ''
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  if (m) return `${m[3]}/${m[2]}/${m[1]}`
  const d = new Date(s)
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/London' })
}

/** todayInLondon is today's date in the UK as YYYY-MM-DD (shared with the wallet). */
export { todayInLondon } from '../../lib/ukDay'

/**
 * addMonths adds a term to a YYYY-MM-DD day; a day the month lacks becomes
 * its last day (31 January + 1 month = 28 or 29 February). '' for a bad day.
 */
export function addMonths(day: string, months: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!m) return ''
  const y = Number(m[1])
  const mo = Number(m[2]) - 1 + months
  const d = Number(m[3])
  const ty = y + Math.floor(mo / 12)
  const tm = ((mo % 12) + 12) % 12
  const last = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate()
  const out = new Date(Date.UTC(ty, tm, Math.min(d, last)))
  return out.toISOString().slice(0, 10)
}

const longDayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** longDay writes a YYYY-MM-DD day in words, as the server's messages do: '10 January 2027'. '' for a bad day. */
export function longDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!m) return ''
  return longDayFormat.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))))
}

/** The part of a certificate type (the server's catalogue) its term comes from. */
type Term = { name: string; termMonths: number; termFixed: boolean; earlyCheckMonths?: number }

const termWords = (m: number) => (m === 1 ? '1 month' : m > 12 && m % 12 === 0 ? `${m / 12} years` : `${m} months`)

/**
 * latestExpiry is the latest expiry the law allows a certificate of a type
 * whose term it fixes (termFixed): the issue date plus the term, plus the
 * months a check made early keeps (earlyCheckMonths: gas safety). '' when
 * there is no such limit. Sooner is allowed (a date printed differently, an
 * EICR asking for an earlier inspection); the server checks it too.
 */
export function latestExpiry(t: Term | undefined, issuedOn: string): string {
  if (!t?.termFixed || !t.termMonths) return ''
  return addMonths(issuedOn, t.termMonths + (t.earlyCheckMonths ?? 0))
}

/** termMessage is the server's message for an expiry beyond that term: 'A Gas Safety Certificate lasts 12 months, or up to 14 months when ...: it expires by 10 March 2027.' */
export function termMessage(t: Term | undefined, issuedOn: string): string {
  const latest = latestExpiry(t, issuedOn)
  if (!t || !latest) return ''
  const article = /^[aeiou]/i.test(t.name) ? 'An' : 'A'
  const early = t.earlyCheckMonths ?? 0
  const term = early > 0
    ? `${termWords(t.termMonths)}, or up to ${termWords(t.termMonths + early)} when the check was made in the ${termWords(early)} before the last one ran out`
    : termWords(t.termMonths)
  return `${article} ${t.name} lasts ${term}: it expires by ${longDay(latest)}.`
}

/** addDays adds whole days to a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!m) return ''
  const out = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days))
  return out.toISOString().slice(0, 10)
}

/** Sizes as people read them: 820 KB, 2.4 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
