import { describe, expect, it } from 'vitest'
import { MSG_CODE, MSG_DISCOUNT, MSG_END, MSG_START, day, emptyPromoForm, formFromCode, promoProblems, toRequest, type PromoForm } from './promoRules'

const good: PromoForm = { code: 'SPRING10', startDate: '2026-03-01', endDate: '2026-03-31', discount: '10', active: true }

describe('promoProblems', () => {
  it('accepts a good form and builds the request', () => {
    expect(promoProblems(good)).toEqual({})
    expect(toRequest({ ...good, code: '  SPRING10 ' })).toEqual({
      code: 'SPRING10',
      active: true,
      discount: 10,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    })
  })

  it('gives every message of an empty form at once', () => {
    expect(promoProblems(emptyPromoForm)).toEqual({ code: MSG_CODE, startDate: MSG_START, endDate: MSG_END, discount: MSG_DISCOUNT })
    expect([MSG_CODE, MSG_START, MSG_END, MSG_DISCOUNT]).toEqual([
      'Please Provide a code',
      'Please Provide a starting date',
      'Please Provide a valid ending date',
      'Please Provide a valid discount',
    ])
  })

  it.each([
    ['blank', '   '],
    ['with a space inside', 'SPRING 10'],
    ['longer than 40 characters', 'X'.repeat(41)],
  ])('refuses a code %s', (_, code) => {
    expect(promoProblems({ ...good, code })).toEqual({ code: MSG_CODE })
  })

  it('refuses a missing or impossible start date', () => {
    expect(promoProblems({ ...good, startDate: '' })).toEqual({ startDate: MSG_START })
    expect(promoProblems({ ...good, startDate: '2026-02-30' })).toEqual({ startDate: MSG_START })
  })

  it('refuses a missing end date and one before the start; the same day is fine', () => {
    expect(promoProblems({ ...good, endDate: '' })).toEqual({ endDate: MSG_END })
    expect(promoProblems({ ...good, endDate: '2026-02-28' })).toEqual({ endDate: MSG_END })
    expect(promoProblems({ ...good, endDate: '2026-03-01' })).toEqual({})
  })

  it.each(['0', '-5', '101', '12.5', 'abc', ''])('refuses the discount %j', (discount) => {
    expect(promoProblems({ ...good, discount })).toEqual({ discount: MSG_DISCOUNT })
  })

  it.each(['1', '50', '100'])('accepts the discount %s', (discount) => {
    expect(promoProblems({ ...good, discount })).toEqual({})
  })
})

describe('dates', () => {
  it('shows the first 10 characters', () => {
    expect(day('2026-11-03T10:15:00.123Z')).toBe('2026-11-03')
    expect(day('2026-11-03')).toBe('2026-11-03')
  })

  it('prefills the update form from a code', () => {
    expect(
      formFromCode({
        id: 'p1',
        code: 'HALF50',
        active: false,
        discount: 50,
        startDate: '2026-01-01',
        endDate: '2026-12-31T00:00:00Z',
        createdAt: '2026-01-01T09:00:00Z',
        updatedAt: '2026-01-02T09:00:00Z',
      }),
    ).toEqual({ code: 'HALF50', active: false, discount: '50', startDate: '2026-01-01', endDate: '2026-12-31' })
  })
})
