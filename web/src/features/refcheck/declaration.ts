// The renter's self-declaration (spec 2 section 3 "Self-declaration payload",
// section 5 "Self-declaration"): the form's state, its three rules in the
// server's order, the date-of-birth boxes' clamps and the payload sent.
import * as z from 'zod/mini'
import type { components } from '../../lib/api-schema'

export type SelfDeclaration = components['schemas']['SelfDeclaration']

export const MSG_MOBILE_INCOME = 'Please enter mobile number and estimated income.'
export const MSG_TERMS = 'You must agree with the terms and conditions to continue.'
export const MSG_DOB = 'Please enter your date of birth.'
export const MSG_UNEXPECTED = 'An error was encountered, please contact us if problem persists.'

export type DeclarationForm = {
  mobile: string
  estIncome: string
  prevLandlordEmail: string
  day: string
  month: string
  year: string
  /** 'I do not have pets' */
  pet: boolean
  /** 'I do not smoke' */
  smoking: boolean
  rightToRentDoc: boolean
  agreeTnC: boolean
}

export const emptyDeclaration = (): DeclarationForm => ({
  mobile: '',
  estIncome: '',
  prevLandlordEmail: '',
  day: '',
  month: '',
  year: '',
  pet: false,
  smoking: false,
  rightToRentDoc: false,
  agreeTnC: false,
})

/** digits keeps the digits of what was typed or pasted: mobile and income are numbers with no whitespace. */
export const digits = (s: string, max: number) => s.replace(/\D+/g, '').slice(0, max)

/** The box lengths: the server takes 7-15 digits of mobile and up to 7 of income (whole pounds). */
export const MOBILE_MAX = 15
export const INCOME_MAX = 7

/** YEAR_FLOOR is the earliest year of birth the year box accepts. */
export const YEAR_FLOOR = 1900
/** MIN_AGE: renters are adults; the latest year of birth is this many years ago. */
export const MIN_AGE = 18
export const latestBirthYear = (now = new Date()) => now.getFullYear() - MIN_AGE

/**
 * clampTwo is the day and month boxes' rule: digits only, at most two; a
 * two-digit value below 1 becomes 01, above max becomes max.
 */
export function clampTwo(typed: string, max: number): string {
  const v = digits(typed, 2)
  if (v.length < 2) return v
  const n = Number(v)
  if (n < 1) return '01'
  if (n > max) return String(max)
  return v
}

export const clampDay = (typed: string) => clampTwo(typed, 31)
export const clampMonth = (typed: string) => clampTwo(typed, 12)

/** clampYear: digits only, at most four; a full year below 1900 becomes 1900, after (this year - 18) becomes that year. */
export function clampYear(typed: string, now = new Date()): string {
  const v = digits(typed, 4)
  if (v.length < 4) return v
  const n = Number(v)
  if (n < YEAR_FLOOR) return String(YEAR_FLOOR)
  const latest = latestBirthYear(now)
  if (n > latest) return String(latest)
  return v
}

/** dobComplete: a day, a month and a four-digit year. */
export const dobComplete = (f: Pick<DeclarationForm, 'day' | 'month' | 'year'>) => f.day !== '' && f.month !== '' && f.year.length === 4

/**
 * declarationProblem is the first rule the form breaks, as its message, or
 * '' when it can be sent. The order is the spec's (and the server's).
 */
export function declarationProblem(f: DeclarationForm): string {
  if (!f.mobile.trim() || !f.estIncome.trim()) return MSG_MOBILE_INCOME
  if (!f.agreeTnC) return MSG_TERMS
  if (!dobComplete(f)) return MSG_DOB
  return ''
}

/** declarationSchema carries declarationProblem: the first broken rule is the form's message ('root'). */
export const declarationSchema = z
  .object({
    mobile: z.string(),
    estIncome: z.string(),
    prevLandlordEmail: z.string(),
    day: z.string(),
    month: z.string(),
    year: z.string(),
    pet: z.boolean(),
    smoking: z.boolean(),
    rightToRentDoc: z.boolean(),
    agreeTnC: z.boolean(),
  })
  .check(
    z.superRefine((f, ctx) => {
      const problem = declarationProblem(f)
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['root'] })
    }),
  )

const pad2 = (s: string) => s.padStart(2, '0')

/** declarationPayload is the spec's payload: dob is day/month/year joined by slashes (DD/MM/YYYY). */
export function declarationPayload(f: DeclarationForm): SelfDeclaration {
  return {
    mobile: f.mobile,
    dob: `${pad2(f.day)}/${pad2(f.month)}/${f.year}`,
    estIncome: f.estIncome,
    prevLandlordEmail: f.prevLandlordEmail.trim(),
    pet: f.pet,
    smoking: f.smoking,
    rightToRentDoc: f.rightToRentDoc,
    agreeTnC: f.agreeTnC,
  }
}
