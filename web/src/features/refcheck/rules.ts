// The reference form's rules (spec 2 section 5, "Reference form") and the
// Tenant Fees Act 2019 deposit cap, checked in the browser as the landlord
// types. The server applies the same rules again on purchase.
import { formatPence } from '../../lib/money'
import { NAME_CHARACTERS, hasHiddenCharacters } from '../../lib/names'

export const MSG_ALL_REQUIRED = 'All fields are required.'
export const MSG_EMAILS_DUPLICATED = "Renters' emails should not be duplicated."
export const MSG_NAME_DIGITS = 'Names cannot contain numbers.'
export const invalidEmailMessage = (email: string) => `${email} is not a valid email address`
export const removeRenterQuestion = (email: string) => `Are you sure you want to remove ${email}?`

/** MAX_RENTERS is the server's limit on renters in one check. */
export const MAX_RENTERS = 10

export type RenterInput = { name: string; email: string }

export type ReferenceForm = {
  renters: RenterInput[]
  propertyId: string
  /** rent and deposit are whole pounds, as typed (digits only). */
  rent: string
  deposit: string
}

export const emptyReferenceForm = (): ReferenceForm => ({ renters: [{ name: '', email: '' }], propertyId: '', rent: '', deposit: '' })

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** normaliseEmail is how the server compares addresses: trimmed, lower case. */
export const normaliseEmail = (e: string) => e.trim().toLowerCase()

/**
 * referenceFormProblem is the first rule the form breaks, as the message to
 * show, or '' when it can be sent. The order is the server's: anything
 * missing, then each renter in turn (hidden characters or digits in the name, the address, a
 * repeated address).
 */
export function referenceFormProblem(f: ReferenceForm): string {
  const missing =
    f.renters.length === 0 ||
    f.renters.some((r) => !r.name.trim() || !r.email.trim()) ||
    !f.propertyId ||
    !f.rent.trim() ||
    !f.deposit.trim() ||
    Number(f.rent) <= 0
  if (missing) return MSG_ALL_REQUIRED
  const seen = new Set<string>()
  for (const r of f.renters) {
    if (hasHiddenCharacters(r.name)) return NAME_CHARACTERS
    if (/\d/.test(r.name)) return MSG_NAME_DIGITS
    const email = normaliseEmail(r.email)
    if (!EMAIL.test(email)) return invalidEmailMessage(r.email.trim())
    if (seen.has(email)) return MSG_EMAILS_DUPLICATED
    seen.add(email)
  }
  return ''
}

/** digitsOnly keeps what may be typed into rent and deposit: digits, no spaces. */
export function digitsOnly(s: string): string {
  return s.replace(/\D+/g, '').slice(0, 6)
}

/**
 * depositCap is the most a landlord may take as a security deposit under the
 * Tenant Fees Act 2019: five weeks' rent, or six weeks when the annual rent
 * is £50,000 or more. Weekly rent is monthly x 12 / 52; pence are rounded
 * down, as the server does.
 */
export function depositCap(monthlyRentPence: number): { capPence: number; weeks: 5 | 6 } {
  const annual = monthlyRentPence * 12
  const weeks = annual >= 5_000_000 ? 6 : 5
  return { capPence: Math.floor((annual * weeks) / 52), weeks }
}

/** depositWarning is the form's warning when the deposit is over the cap, or ''; the server's words. */
export function depositWarning(monthlyRentPence: number, depositPence: number): string {
  if (monthlyRentPence <= 0) return ''
  const { capPence, weeks } = depositCap(monthlyRentPence)
  if (depositPence <= capPence) return ''
  return (
    `This deposit is more than the legal cap of ${formatPence(capPence)} (${weeks} weeks' rent) under the Tenant Fees Act 2019. ` +
    'In England a landlord may not take more.'
  )
}
