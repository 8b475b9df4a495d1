// Words and numbers of the affordability report, shared by the landlord's
// report page, the renter's completed page and the chart.
import { formatPence } from '../../lib/money'
import type { AffordabilityReport } from './api/keys'

export type Effect = AffordabilityReport['reasons'][number]['effect']
export type Category = AffordabilityReport['sources'][number]['category']
export type Rating = AffordabilityReport['rating']

/** EFFECT_LABEL says in plain words what each reason does to the rating. */
export const EFFECT_LABEL: Record<Effect, string> = {
  positive: 'In favour',
  refer: 'Referred',
  fail: 'Against',
  info: 'For information',
}

export const RATING_TEXT: Record<Rating, string> = {
  Pass: 'The renter passes the affordability check.',
  Refer: 'The result is referred to you: read the reasons before deciding.',
  Fail: 'The renter does not pass the affordability check on their own.',
}

export const CATEGORY_LABEL: Record<Category, string> = {
  salary: 'Salary',
  benefits: 'Benefits',
  pension: 'Pension',
  other: 'Other income',
}

/** percent shows a share (0.351) as '35.1%'. */
export const percent = (share: number) => `${(share * 100).toFixed(1)}%`

const ukDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
const shortMonth = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' })
const longMonth = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })

function utc(ymd: string): Date {
  const [y, m, d] = ymd.split('-').map(Number)
  return new Date(Date.UTC(y, (m || 1) - 1, d || 1))
}

/** dayText: '2025-12-01' -> '1 December 2025'. */
export const dayText = (ymd: string) => ukDay.format(utc(ymd))

/** lastDayText: the day before an exclusive end, '2026-12-01' -> '30 November 2026'. */
export const lastDayText = (exclusive: string) => ukDay.format(new Date(utc(exclusive).getTime() - 86_400_000))

/** monthShort: '2026-03' -> 'Mar'; monthLong: '2026-03' -> 'March 2026'. */
export const monthShort = (ym: string) => shortMonth.format(utc(ym))
export const monthLong = (ym: string) => longMonth.format(utc(ym))

const readyFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' })
/** readyText is the day a report was ready, in the UK. */
export const readyText = (iso: string) => readyFormat.format(new Date(iso))

export const perMonth = (pence: number) => `${formatPence(pence)} a month`

/** chartSummary is the chart's text alternative: the period and the averages. */
export function chartSummary(months: AffordabilityReport['months']): string {
  if (months.length === 0) return 'Monthly income and outgoings: no months to show.'
  const avg = (k: 'incomePence' | 'outgoingsPence') => months.reduce((s, m) => s + m[k], 0) / months.length
  return (
    `Bar chart of monthly income and outgoings from ${monthLong(months[0].month)} to ${monthLong(months[months.length - 1].month)}: ` +
    `income averaged ${formatPence(avg('incomePence'))} a month and outgoings ${formatPence(avg('outgoingsPence'))} a month.`
  )
}
