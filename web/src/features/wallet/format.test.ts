import { describe, expect, it } from 'vitest'
import { todayISO } from './format'

describe('todayISO (the form\'s default date)', () => {
  it('is the UK\'s day, not the browser\'s', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (summer time).
    expect(todayISO(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01')
    // A browser in New York at 20:00 on 26 November: London is already on the 27th.
    expect(todayISO(new Date('2026-11-27T01:00:00Z'))).toBe('2026-11-27')
    expect(todayISO(new Date('2026-11-26T23:59:00Z'))).toBe('2026-11-26')
  })
})
