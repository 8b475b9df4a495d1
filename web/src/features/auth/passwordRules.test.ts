import { describe, it, expect } from 'vitest'
import {
  ALL_FIELDS_REQUIRED,
  PASSWORDS_MUST_MATCH,
  PASSWORD_RULE_MESSAGE,
  TERMS_REQUIRED,
  USER_TYPE_REQUIRED,
  changePasswordSchema,
  CODE_FORMAT,
  cleanCode,
  codeFormSchema,
  fullNameProblem,
  fullNameSchema,
  isValidCode,
  isValidNewPassword,
  isValidSignUpPassword,
  issuesByField,
  normaliseEmail,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
} from './passwordRules'

describe('exact texts', () => {
  it('keeps the specification wording', () => {
    expect(PASSWORD_RULE_MESSAGE).toBe(
      'Password must have an Uppercase, lowercase, number, special characters an must be at least 8 characters.',
    )
    expect(PASSWORDS_MUST_MATCH).toBe('Passwords must match!')
    expect(TERMS_REQUIRED).toBe('Kindly agree to our Terms of Service and Privacy Policy to continue.')
    expect(USER_TYPE_REQUIRED).toBe('Kindly select either landlord or tenant')
  })
})

describe('sign-up password', () => {
  it.each([
    ['Abcdef1!', true],
    ['Abcdef1?', true],
    ['abcdef1!', false], // no uppercase
    ['ABCDEF1!', false], // no lowercase
    ['Abcdefg!', false], // no digit
    ['Abcdefg1', false], // no special
    ['Abc1!', false], // too short
    ['Abcdef1! x', false], // white space
    ['Ábcdéf1!', true], // accented letters count as letters
    ['Aa1!' + 'x'.repeat(96), true], // 100 characters
    ['Aa1!' + 'x'.repeat(97), false], // 101 characters
  ])('%s -> %s', (p, ok) => {
    expect(isValidSignUpPassword(p)).toBe(ok)
  })
})

describe('reset / change password', () => {
  it.each([
    ['abcdefg1!', true], // uppercase only hinted, not required
    ['Abcdef1*', true],
    ['Abcdefgh', false], // no digit, no special
    ['Abcdefg1', false], // no special
    ['Abcdefg!', false], // no digit
    ['Abcdef1?', false], // ? is outside the allowed set
    ['Abc def1!', false], // spaces not allowed
    ['Ab1!', false], // too short
    ['a1!' + 'b'.repeat(97), true], // 100
    ['a1!' + 'b'.repeat(98), false], // 101
  ])('%s -> %s', (p, ok) => {
    expect(isValidNewPassword(p)).toBe(ok)
  })
})

describe('codes and e-mails', () => {
  it('accepts exactly six digits', () => {
    expect(isValidCode('123456')).toBe(true)
    expect(isValidCode('12345')).toBe(false)
    expect(isValidCode('1234567')).toBe(false)
    expect(isValidCode('12a456')).toBe(false)
  })
  it('cleans typed codes', () => {
    expect(cleanCode(' 12-34 5678')).toBe('123456')
  })
  it('lowercases e-mails', () => {
    expect(normaliseEmail('  Ann@Example.COM ')).toBe('ann@example.com')
  })
})

describe('registerSchema', () => {
  const valid = {
    userType: 'Tenant' as const,
    fullName: 'Ann Example',
    email: 'ann@example.com',
    password: 'Abcdef1!',
    confirmPassword: 'Abcdef1!',
    acceptTerms: true,
  }
  it('accepts a complete form', () => {
    expect(registerSchema.safeParse(valid).success).toBe(true)
  })
  it('refuses control and text-direction characters in the name', () => {
    for (const fullName of ['Ann\u0000Smith', 'Ann\r\nSmith', 'Ann \u202ehtimS']) {
      const r = registerSchema.safeParse({ ...valid, fullName })
      expect(r.success).toBe(false)
      expect(issuesByField(r.error!).fullName).toBe('Names cannot contain line breaks, control characters or text-direction marks.')
    }
  })
  it('reports every rule with the spec message', () => {
    const r = registerSchema.safeParse({ ...valid, userType: '', password: 'weak', confirmPassword: 'other', acceptTerms: false })
    expect(r.success).toBe(false)
    const f = issuesByField(r.error!)
    expect(f.userType).toBe(USER_TYPE_REQUIRED)
    expect(f.password).toBe(PASSWORD_RULE_MESSAGE)
    expect(f.acceptTerms).toBe(TERMS_REQUIRED)
  })
  it('requires matching passwords', () => {
    const r = registerSchema.safeParse({ ...valid, confirmPassword: 'Abcdef1?' })
    expect(issuesByField(r.error!).confirmPassword).toBe(PASSWORDS_MUST_MATCH)
  })
})

describe('resetConfirmSchema', () => {
  it('applies the reset rule', () => {
    const r = resetConfirmSchema.safeParse({ code: '123456', password: 'Abcdef1?', confirmPassword: 'Abcdef1?' })
    expect(issuesByField(r.error!).password).toBe(PASSWORD_RULE_MESSAGE)
    expect(resetConfirmSchema.safeParse({ code: '123456', password: 'Abcdef1!', confirmPassword: 'Abcdef1!' }).success).toBe(true)
  })
})

describe('changePasswordSchema', () => {
  it('says all fields are required first', () => {
    const r = changePasswordSchema.safeParse({ code: '', password: 'x', confirmPassword: '' })
    expect(issuesByField(r.error!).root).toBe(ALL_FIELDS_REQUIRED)
  })
  it('then checks the password rule and the match', () => {
    expect(issuesByField(changePasswordSchema.safeParse({ code: '123456', password: 'short', confirmPassword: 'short' }).error!).password).toBe(
      PASSWORD_RULE_MESSAGE,
    )
    expect(
      issuesByField(changePasswordSchema.safeParse({ code: '123456', password: 'Abcdef1!', confirmPassword: 'Abcdef1@' }).error!)
        .confirmPassword,
    ).toBe(PASSWORDS_MUST_MATCH)
  })
})

describe('fullNameProblem', () => {
  it('follows the account rules in order', () => {
    expect(fullNameProblem('  ', 'Ann')).toBe('full name cannot be empty')
    expect(fullNameProblem('Ann ', 'Ann')).toBe('You have not changed your full name.')
    expect(fullNameProblem('Ann 2', 'Ann')).toBe('Names cannot contain numbers.')
    expect(fullNameProblem('Ann Smith', 'Ann')).toBeNull()
  })
  it('refuses control and text-direction characters, as the server does', () => {
    for (const name of ['Ann\u0000Smith', 'Ann\r\nSmith', 'Ann \u202ehtimS']) {
      expect(fullNameProblem(name, 'Ann')).toBe('Names cannot contain line breaks, control characters or text-direction marks.')
    }
  })
})

describe('fullNameSchema', () => {
  it('applies fullNameProblem against the current name and trims what it sends', () => {
    const r = fullNameSchema('Ann').safeParse({ fullName: 'Ann ' })
    expect(issuesByField(r.error!).fullName).toBe('You have not changed your full name.')
    expect(issuesByField(fullNameSchema('Ann').safeParse({ fullName: ' ' }).error!).fullName).toBe('full name cannot be empty')
    expect(fullNameSchema('Ann').safeParse({ fullName: ' Ann Smith ' }).data).toEqual({ fullName: 'Ann Smith' })
  })
})

describe('codeFormSchema and resetRequestSchema', () => {
  it('check the code and the e-mail', () => {
    expect(issuesByField(codeFormSchema.safeParse({ code: '12345' }).error!).code).toBe(CODE_FORMAT)
    expect(codeFormSchema.safeParse({ code: '123456' }).success).toBe(true)
    expect(issuesByField(resetRequestSchema.safeParse({ email: 'ann@' }).error!).email).toBe('Please enter a valid email address.')
  })
})
