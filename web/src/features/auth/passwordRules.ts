// Validation rules and the exact user-facing texts of the account forms
// (spec 1 section 5, spec 3 section 5). The server applies the same rules and
// remains the authority; these schemas only spare the user a round trip.
import * as z from 'zod/mini'
import { NAME_CHARACTERS, hasHiddenCharacters } from '../../lib/names'

// ---- Exact texts (do not reword: they come from the specification) ----
export const PASSWORD_RULE_MESSAGE =
  'Password must have an Uppercase, lowercase, number, special characters an must be at least 8 characters.'
export const PASSWORDS_MUST_MATCH = 'Passwords must match!'
export const PASSWORD_MISMATCH_HINT = ' - Does not match password'
export const TERMS_REQUIRED = 'Kindly agree to our Terms of Service and Privacy Policy to continue.'
export const USER_TYPE_REQUIRED = 'Kindly select either landlord or tenant'
export const INCORRECT_FIELDS = ' - One or more fields are incorrect'
export const CODE_RESENT = 'Code has been resent successfully!'
export const PASSWORD_RESET_DONE = 'Your password has been reset!'
export const ALL_FIELDS_REQUIRED = 'All fields are required.'
export const PASSWORD_HINT = 'Min 8 characters, 1 Uppercase, 1 Number, 1 Special character'
export const PASSWORD_CHANGED = 'Password changed successfully.'
export const FULL_NAME_EMPTY = 'full name cannot be empty'
export const FULL_NAME_UNCHANGED = 'You have not changed your full name.'
export const FULL_NAME_DIGITS = 'Names cannot contain numbers.'
export const UPDATE_SUCCESSFUL = 'Update successful.'

// ---- Texts the specification leaves open ----
export const FULL_NAME_REQUIRED = 'Please enter your full name.'
export const EMAIL_REQUIRED = 'Please enter your email address.'
export const CODE_FORMAT = 'Please enter the 6 digit code sent to your email.'
export const INVALID_EMAIL = 'Please enter a valid email address.'

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 100
export const CODE_LENGTH = 6

/**
 * Registration password: 8-100 characters with a lowercase letter, an
 * uppercase letter, a digit and a special character (anything that is not a
 * letter, digit or space); white space is not allowed. Mirrors the server's
 * ValidSignupPassword, counting characters (not UTF-16 units).
 */
export function isValidSignUpPassword(p: string): boolean {
  const n = [...p].length
  return (
    n >= PASSWORD_MIN &&
    n <= PASSWORD_MAX &&
    !/\s/u.test(p) &&
    /\p{Ll}/u.test(p) &&
    /\p{Lu}/u.test(p) &&
    /\p{Nd}/u.test(p) &&
    /[^\p{Ll}\p{Lu}\p{Nd}\s]/u.test(p)
  )
}

/**
 * Reset and change password: 8-100 characters drawn only from letters,
 * digits and !@#$%^&*, with at least one digit and one special character.
 */
export function isValidNewPassword(p: string): boolean {
  return /^[A-Za-z0-9!@#$%^&*]{8,100}$/.test(p) && /[0-9]/.test(p) && /[!@#$%^&*]/.test(p)
}

/** A confirmation or reset code: exactly 6 digits. */
export function isValidCode(c: string): boolean {
  return /^[0-9]{6}$/.test(c)
}

/** Loose e-mail shape check; the server decides. */
export function looksLikeEmail(e: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e.trim())
}

/** normaliseEmail trims and lowercases (spec 1 section 5: the email is lowercased before sending). */
export function normaliseEmail(e: string): string {
  return e.trim().toLowerCase()
}

/** Keep only digits, at most 6: for code inputs. */
export function cleanCode(v: string): string {
  return v.replace(/\D/g, '').slice(0, CODE_LENGTH)
}

const email = z.string().check(
  z.trim(),
  z.minLength(1, EMAIL_REQUIRED),
  z.refine(looksLikeEmail, INVALID_EMAIL),
)

export const codeSchema = z.string().check(z.trim(), z.refine(isValidCode, CODE_FORMAT))

const matching = z.refine((v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword, {
  message: PASSWORDS_MUST_MATCH,
  path: ['confirmPassword'],
})

export const registerSchema = z
  .object({
    userType: z.enum(['Landlord', 'Tenant', '']).check(z.refine((v) => v !== '', USER_TYPE_REQUIRED)),
    fullName: z
      .string()
      .check(z.trim(), z.minLength(1, FULL_NAME_REQUIRED), z.refine((v) => !hasHiddenCharacters(v), NAME_CHARACTERS)),
    email,
    password: z.string().check(z.refine(isValidSignUpPassword, PASSWORD_RULE_MESSAGE)),
    confirmPassword: z.string(),
    acceptTerms: z.boolean().check(z.refine((v) => v, TERMS_REQUIRED)),
  })
  .check(matching)
export type RegisterForm = z.input<typeof registerSchema>

export const loginSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, INCORRECT_FIELDS)),
  password: z.string().check(z.minLength(1, INCORRECT_FIELDS)),
})
export type LoginForm = z.input<typeof loginSchema>

export const resetRequestSchema = z.object({ email })
export type ResetRequestForm = z.input<typeof resetRequestSchema>

/** The confirmation-code form (verify account, confirm sign up, confirm e-mail). */
export const codeFormSchema = z.object({ code: codeSchema })
export type CodeForm = z.input<typeof codeFormSchema>

export const resetConfirmSchema = z
  .object({
    code: codeSchema,
    password: z.string().check(z.refine(isValidNewPassword, PASSWORD_RULE_MESSAGE)),
    confirmPassword: z.string(),
  })
  .check(matching)
export type ResetConfirmForm = z.input<typeof resetConfirmSchema>

/**
 * Change password (spec 3 section 5): every field required first, then the
 * password rule. The "all fields" message belongs to the whole form, so its
 * path is 'root' (react-hook-form's errors.root).
 */
export const changePasswordSchema = z
  .object({
    code: z.string().check(z.trim()),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (!v.code || !v.password || !v.confirmPassword) {
        ctx.addIssue({ code: 'custom', message: ALL_FIELDS_REQUIRED, path: ['root'] })
        return
      }
      if (!isValidCode(v.code)) ctx.addIssue({ code: 'custom', message: CODE_FORMAT, path: ['code'] })
      if (!isValidNewPassword(v.password)) ctx.addIssue({ code: 'custom', message: PASSWORD_RULE_MESSAGE, path: ['password'] })
      else if (v.password !== v.confirmPassword)
        ctx.addIssue({ code: 'custom', message: PASSWORDS_MUST_MATCH, path: ['confirmPassword'] })
    }),
  )
export type ChangePasswordForm = z.input<typeof changePasswordSchema>

/** Full name on Account Details: not empty, no hidden characters, changed, no digits. Returns the message or null. */
export function fullNameProblem(next: string, current: string): string | null {
  const v = next.trim()
  if (!v) return FULL_NAME_EMPTY
  if (hasHiddenCharacters(v)) return NAME_CHARACTERS
  if (v === current.trim()) return FULL_NAME_UNCHANGED
  if (/[0-9]/.test(v)) return FULL_NAME_DIGITS
  return null
}

/** Account Details full name: the rules of fullNameProblem against the current name; sends the trimmed name. */
export function fullNameSchema(current: string) {
  return z.object({
    fullName: z.string().check(
      z.trim(),
      z.superRefine((v, ctx) => {
        const problem = fullNameProblem(v, current)
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      }),
    ),
  })
}
export type FullNameForm = z.input<ReturnType<typeof fullNameSchema>>

/** issuesByField returns the first message of a failed zod parse, keyed by field ('' for the form). */
export function issuesByField(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }): Record<string, string> {
  const out: Record<string, string> = {}
  for (const i of error.issues) {
    const key = i.path.length ? String(i.path[0]) : ''
    if (!(key in out)) out[key] = i.message
  }
  return out
}
