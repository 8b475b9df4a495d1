// The promo form's rules (spec 2 section 5, "Promo create and update"): the
// same rules and words as the server (internal/promo), checked before sending
// so an invalid form sends nothing.
import * as z from 'zod/mini'
import type { PromoCode, PromoCodeRequest } from './api/keys'

export const MSG_CODE = 'Please Provide a code'
export const MSG_START = 'Please Provide a starting date'
export const MSG_END = 'Please Provide a valid ending date'
export const MSG_DISCOUNT = 'Please Provide a valid discount'

/** Longest code the server stores. */
export const CODE_MAX = 40

/** The form as typed: every box is text, as the inputs give it. */
export type PromoForm = {
  code: string
  startDate: string
  endDate: string
  discount: string
  active: boolean
}

export type PromoField = 'code' | 'startDate' | 'endDate' | 'discount'
export type PromoErrors = Partial<Record<PromoField, string>>

/** Field order on the screen, for focusing the first problem. */
export const PROMO_FIELDS: PromoField[] = ['code', 'startDate', 'endDate', 'discount']

export const emptyPromoForm: PromoForm = { code: '', startDate: '', endDate: '', discount: '', active: true }

/** formFromCode prefills the update form; dates keep their first 10 characters. */
export function formFromCode(c: PromoCode): PromoForm {
  return {
    code: c.code,
    startDate: day(c.startDate),
    endDate: day(c.endDate),
    discount: String(c.discount),
    active: c.active,
  }
}

/** day is how the dashboard shows a date: its first 10 characters (YYYY-MM-DD). */
export function day(s: string | undefined | null): string {
  return (s ?? '').trim().slice(0, 10)
}

const dayOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
const londonDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' })

/**
 * readableDay is how the codes table shows a date, the British way: a day
 * ('2026-01-01') or a moment ('2026-01-02T10:00:00Z', its day in London) as
 * '2 Jan 2026'; anything unreadable as it came.
 */
export function readableDay(s: string | undefined | null): string {
  const v = (s ?? '').trim()
  if (isDay(v)) return dayOnly.format(new Date(`${v}T00:00:00Z`))
  const t = new Date(v)
  return v && !Number.isNaN(t.getTime()) ? londonDay.format(t) : v
}

function isDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}

/** promoProblems lists every failing rule at once, by field; empty when the form may be sent. */
export function promoProblems(f: PromoForm): PromoErrors {
  const out: PromoErrors = {}
  const code = f.code.trim()
  if (code === '' || code.length > CODE_MAX || /\s/.test(code)) out.code = MSG_CODE
  const start = day(f.startDate)
  const end = day(f.endDate)
  if (!isDay(start)) out.startDate = MSG_START
  // Same-day codes are fine; an end before the start is not.
  if (!isDay(end) || (isDay(start) && end < start)) out.endDate = MSG_END
  const discount = f.discount.trim()
  const n = Number(discount)
  if (!/^\d+$/.test(discount) || n <= 0 || n > 100) out.discount = MSG_DISCOUNT
  return out
}

/** promoSchema carries promoProblems: every failing rule under its field. */
export const promoSchema = z
  .object({
    code: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    discount: z.string(),
    active: z.boolean(),
  })
  .check(
    z.superRefine((f, ctx) => {
      const problems = promoProblems(f)
      for (const k of PROMO_FIELDS) {
        const message = problems[k]
        if (message) ctx.addIssue({ code: 'custom', message, path: [k] })
      }
    }),
  )

/** toRequest is the body the API takes; call it only on a form without problems. */
export function toRequest(f: PromoForm): PromoCodeRequest {
  return {
    code: f.code.trim(),
    active: f.active,
    discount: Number(f.discount.trim()),
    startDate: day(f.startDate),
    endDate: day(f.endDate),
  }
}
