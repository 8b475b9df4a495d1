// Plain helpers over the wizard's answers: step titles in the spec's words,
// money typed in pounds, and the empty answers of a new person.
import type { ContractAnswers, ContractStep } from './api/types'

export type Person = { first?: string; middle?: string; last?: string; email?: string }

export const STEP_TITLES: Record<ContractStep, string> = {
  landlord: 'Landlord name or company',
  serviceAddress: 'Landlord service address',
  jurisdiction: 'Where is the property?',
  contractType: 'Contract type',
  roomLocation: 'Room location',
  residentLandlord: 'Does the landlord live there?',
  termType: 'Term type',
  startDate: 'Start date',
  noticePeriod: 'Notice period',
  tenants: 'Tenants',
  guarantor: 'Guarantor',
  occupiers: 'Permitted occupiers',
  rent: 'Rent',
  firstPayment: 'First payment date',
  deposit: 'Security deposit',
  utilities: 'Utilities included',
  schedule: 'Schedule of condition and inventory',
  shared: 'Shared facilities',
  parking: 'Allocated parking',
  additionalTerms: 'Additional terms',
  mortgage: 'Mortgage',
  finished: 'Finished',
}

/** NUMBERS_ONLY is the spec's message for a money box holding anything but a number. */
export const NUMBERS_ONLY = 'Numbers only'

/** poundsToPence reads "1500" or "1,500.50" as pence; null when it is not a number. */
export function poundsToPence(s: string): number | null {
  const v = s.replace(/,/g, '').trim()
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return null
  const [whole, frac = ''] = v.split('.')
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2))
}

/** penceToPounds writes pence for a money box ("1500" or "1500.50"). */
export function penceToPounds(p: number | undefined): string {
  if (!p) return ''
  return p % 100 === 0 ? String(p / 100) : (p / 100).toFixed(2)
}

export function personName(p: Person): string {
  return [p.first, p.middle, p.last].filter(Boolean).join(' ')
}

/** sameEmail: e-mails compare without case or surrounding space. */
export function sameEmail(a?: string, b?: string): boolean {
  return (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase()
}

export function emptyAnswers(): ContractAnswers {
  return {}
}
