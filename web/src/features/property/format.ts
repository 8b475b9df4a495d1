// Pure helpers for the property screens (spec 1 sections 5 and 9): the
// move-in date typed as DD/MM/YYYY, its conversion to and from the API's
// YYYY-MM-DD, whole pounds <-> pence, and the rent shown as '£1,250 pcm'.

export type RentCycle = 'Weekly' | 'Monthly'

export const ADDRESS_REQUIRED = 'Please enter first line address, town, postcode and country.'
export const DETAILS_REQUIRED = 'Enter a rental price, number of beds, baths, sofas, short description and a valid move-in date.'
export const ACTION_SUCCESSFUL = 'Action successful.'
export const DEFAULT_COUNTRY = 'United Kingdom'
export const ADDRESS_TITLE = 'Add your rental property address to begin'

/** onlyDigits keeps the digits of s (the rental price accepts numeric input only). */
export function onlyDigits(s: string): string {
  return s.replace(/\D+/g, '')
}

function clampPart(two: string, min: number, max: number): string {
  const n = Number(two)
  if (n < min) return String(min).padStart(2, '0')
  if (n > max) return String(max).padStart(2, '0')
  return two
}

/**
 * typeMoveInDate formats what the user typed into DD/MM/YYYY: digits only,
 * slashes inserted automatically, day clamped to 01..31 and month to 01..12,
 * at most 10 characters. prev is the value before this keystroke: when the
 * text grew and the day (or month) is complete, the slash is added straight
 * away; when it shrank (backspace) a trailing slash is not forced back.
 */
export function typeMoveInDate(input: string, prev = ''): string {
  let d = onlyDigits(input).slice(0, 8)
  // A first day digit above 3 (or month digit above 1) can only be 0d / 0m.
  if (d.length >= 1 && Number(d[0]) > 3) d = '0' + d
  if (d.length >= 3 && Number(d[2]) > 1) d = d.slice(0, 2) + '0' + d.slice(2)
  d = d.slice(0, 8)
  let day = d.slice(0, 2)
  let month = d.slice(2, 4)
  const year = d.slice(4, 8)
  if (day.length === 2) day = clampPart(day, 1, 31)
  if (month.length === 2) month = clampPart(month, 1, 12)
  const growing = input.length > prev.length
  let out = day
  if (month || (growing && day.length === 2)) out += '/'
  out += month
  if (year || (growing && month.length === 2)) out += '/'
  out += year
  return out.slice(0, 10)
}

/** displayToIso turns DD/MM/YYYY into YYYY-MM-DD, or '' when it is not a real date. */
export function displayToIso(s: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s.trim())
  if (!m) return ''
  const [, dd, mm, yyyy] = m
  const day = Number(dd)
  const month = Number(mm)
  const year = Number(yyyy)
  if (year < 1900 || month < 1 || month > 12 || day < 1) return ''
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  if (day > last) return ''
  return `${yyyy}-${mm}-${dd}`
}

/** isoToDisplay turns YYYY-MM-DD (or a longer ISO timestamp) into DD/MM/YYYY; '' when absent. */
export function isoToDisplay(iso: string | null | undefined): string {
  if (!iso) return ''
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)
  return m ? `${m[3]}/${m[2]}/${m[1]}` : ''
}

/** poundsToPence reads whole pounds typed as digits; non-digits are ignored. */
export function poundsToPence(pounds: string): number {
  const d = onlyDigits(pounds)
  return d ? Number(d) * 100 : 0
}

/** penceToPounds gives the whole pounds as typed into the price box ('' when there is no rent). */
export function penceToPounds(pence: number | null | undefined): string {
  if (pence === null || pence === undefined || pence <= 0) return ''
  return String(Math.round(pence / 100))
}

/** cycleLabel is the short label of a rent cycle: pcm or pcw. */
export function cycleLabel(cycle: RentCycle): string {
  return cycle === 'Weekly' ? 'pcw' : 'pcm'
}

/** formatRent shows rent with a pound sign, thousands separators and the cycle: '£1,250 pcm'. */
export function formatRent(pence: number | null | undefined, cycle: RentCycle): string {
  if (pence === null || pence === undefined) return ''
  const pounds = pence / 100
  const text = pounds.toLocaleString('en-GB', {
    minimumFractionDigits: Number.isInteger(pounds) ? 0 : 2,
    maximumFractionDigits: 2,
  })
  return `£${text} ${cycleLabel(cycle)}`
}
