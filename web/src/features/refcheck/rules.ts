// The reference form's rules (spec 2 section 5, "Reference form"), checked
// in the browser as the landlord types so the form can say what is missing.
// The server applies them again on purchase; the deposit cap and the price
// are the server's alone (asked, not copied: queries.ts, catalogue.ts).
import * as z from 'zod/mini'
import { NAME_CHARACTERS, hasHiddenCharacters } from '../../lib/names'

export const MSG_ALL_REQUIRED = 'All fields are required.'
export const MSG_EMAILS_DUPLICATED = "Renters' emails should not be duplicated."
export const MSG_NAME_DIGITS = 'Names cannot contain numbers.'
export const invalidEmailMessage = (email: string) => `${email} is not a valid email address`
export const removeRenterQuestion = (email: string) => `Are you sure you want to remove ${email}?`

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

/** referenceFormSchema carries referenceFormProblem: its first broken rule is the form's message ('root'). */
export const referenceFormSchema = z
  .object({
    renters: z.array(z.object({ name: z.string(), email: z.string() })),
    propertyId: z.string(),
    rent: z.string(),
    deposit: z.string(),
  })
  .check(
    z.superRefine((f, ctx) => {
      const problem = referenceFormProblem(f)
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['root'] })
    }),
  )

/** digitsOnly keeps what may be typed into rent and deposit: digits, no spaces. */
export function digitsOnly(s: string): string {
  return s.replace(/\D+/g, '').slice(0, 6)
}
