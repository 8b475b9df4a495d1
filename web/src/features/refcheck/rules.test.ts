import { describe, expect, it } from 'vitest'
import {
  MSG_ALL_REQUIRED,
  MSG_EMAILS_DUPLICATED,
  MSG_NAME_DIGITS,
  digitsOnly,
  referenceFormProblem,
  removeRenterQuestion,
  type ReferenceForm,
} from './rules'
import { parsePlace, placeHref } from './views'

const ok: ReferenceForm = {
  renters: [
    { name: 'Rita Renter', email: 'rita@example.com' },
    { name: 'Sam Sharer', email: 'sam@example.com' },
  ],
  propertyId: 'p1',
  rent: '1850',
  deposit: '2000',
}
const withRenters = (renters: ReferenceForm['renters']) => ({ ...ok, renters })

describe('referenceFormProblem (spec 2 section 5, Reference form)', () => {
  it('accepts a complete form', () => {
    expect(referenceFormProblem(ok)).toBe('')
    expect(referenceFormProblem({ ...ok, deposit: '0' })).toBe('')
  })

  it.each([
    ['an empty renter name', withRenters([{ name: ' ', email: 'rita@example.com' }])],
    ['an empty renter email', withRenters([{ name: 'Rita', email: '' }])],
    ['no property', { ...ok, propertyId: '' }],
    ['no rent', { ...ok, rent: '' }],
    ['a rent of 0', { ...ok, rent: '0' }],
    ['no deposit', { ...ok, deposit: '' }],
  ])('%s: All fields are required.', (_, f) => {
    expect(referenceFormProblem(f)).toBe(MSG_ALL_REQUIRED)
    expect(MSG_ALL_REQUIRED).toBe('All fields are required.')
  })

  it('refuses control and text-direction characters in names, as the server does', () => {
    for (const name of ['Rita\u0000', 'Rita\r\nRenter', 'Rita \u202eretneR']) {
      expect(referenceFormProblem(withRenters([{ name, email: 'rita@example.com' }]))).toBe(
        'Names cannot contain line breaks, control characters or text-direction marks.',
      )
    }
  })

  it('refuses digits in names', () => {
    expect(referenceFormProblem(withRenters([{ name: 'Rita 2', email: 'rita@example.com' }]))).toBe('Names cannot contain numbers.')
    expect(MSG_NAME_DIGITS).toBe('Names cannot contain numbers.')
  })

  it('names the address that is not valid', () => {
    expect(referenceFormProblem(withRenters([{ name: 'Rita', email: ' rita@example ' }]))).toBe(
      'rita@example is not a valid email address',
    )
    expect(referenceFormProblem(withRenters([{ name: 'Rita', email: 'rita example.com' }]))).toBe(
      'rita example.com is not a valid email address',
    )
  })

  it('refuses the same e-mail twice, whatever the case', () => {
    const f = withRenters([
      { name: 'Rita', email: 'rita@example.com' },
      { name: 'Rita Again', email: 'RITA@Example.com ' },
    ])
    expect(referenceFormProblem(f)).toBe("Renters' emails should not be duplicated.")
    expect(MSG_EMAILS_DUPLICATED).toBe("Renters' emails should not be duplicated.")
  })

  it('checks renters in order, as the server does', () => {
    const f = withRenters([
      { name: 'Rita', email: 'bad' },
      { name: 'Sam 1', email: 'sam@example.com' },
    ])
    expect(referenceFormProblem(f)).toBe('bad is not a valid email address')
  })
})

describe('small helpers', () => {
  it('keeps digits only in rent and deposit', () => {
    expect(digitsOnly('1 850')).toBe('1850')
    expect(digitsOnly('£2,000.50')).toBe('200050')
  })

  it('asks before a renter leaves the basket', () => {
    expect(removeRenterQuestion('sam@example.com')).toBe('Are you sure you want to remove sam@example.com?')
  })

  it('reads and writes the place in the URL', () => {
    expect(parsePlace(new URLSearchParams(''))).toEqual({ view: 'initiate', step: undefined, check: undefined })
    expect(parsePlace(new URLSearchParams('view=active'))).toEqual({ view: 'active' })
    expect(parsePlace(new URLSearchParams('view=initiate&step=pay'))).toEqual({ view: 'initiate', step: undefined, check: undefined })
    expect(parsePlace(new URLSearchParams('view=initiate&step=pay&check=c1'))).toEqual({ view: 'initiate', step: 'pay', check: 'c1' })
    expect(placeHref({ view: 'completed' })).toBe('/dashboard?view=completed')
    expect(placeHref({ view: 'initiate' })).toBe('/dashboard')
    expect(placeHref({ view: 'initiate', step: 'success', check: 'c1' })).toBe('/dashboard?view=initiate&step=success&check=c1')
  })
})
