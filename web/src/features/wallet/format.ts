// Display helpers of the wallet pages: dates, months and the chart's labels
// (its scale is lib/chart's niceScale).
import { formatPence } from '../../lib/money'

export { formatPence }

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const MONTHS_LONG = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** monthShort: '2026-03' -> 'Mar'. */
export function monthShort(ym: string): string {
  return MONTHS[Number(ym.slice(5, 7)) - 1] ?? ym
}

/** monthLong: '2026-03' -> 'March 2026'. */
export function monthLong(ym: string): string {
  const m = MONTHS_LONG[Number(ym.slice(5, 7)) - 1]
  return m ? `${m} ${ym.slice(0, 4)}` : ym
}

/** formatDate: '2026-03-01' -> '1 Mar 2026'. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)
  if (!m) return iso
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}`
}

/** todayISO is the UK's day as YYYY-MM-DD (what a date box holds), not the browser's local day. */
export { todayInLondon as todayISO } from '../../lib/ukDay'

/** shortPounds is an axis label: 150000 -> '£1,500', 2500000 -> '£25k'. */
export function shortPounds(pence: number): string {
  const pounds = Math.round(pence / 100)
  if (pounds >= 10000) return `£${(pounds / 1000).toLocaleString('en-GB', { maximumFractionDigits: 1 })}k`
  return `£${pounds.toLocaleString('en-GB')}`
}
