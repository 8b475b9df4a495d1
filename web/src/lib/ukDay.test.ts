import { afterEach, describe, expect, it, vi } from 'vitest'
import { todayInLondon, ukDateTime } from './ukDay'

afterEach(() => {
  vi.unstubAllEnvs()
})

// The browser's own zone must not matter: each case runs with the process
// in zones either side of the UK (Node applies a changed TZ at once).
const zones = ['America/New_York', 'Asia/Tokyo', 'UTC', 'Europe/London']

describe('ukDateTime', () => {
  for (const tz of zones) {
    it(`writes UK time with its zone named, in ${tz}`, () => {
      vi.stubEnv('TZ', tz)
      expect(new Date('2026-07-15T13:00:00Z').getTimezoneOffset()).toBe(
        { 'America/New_York': 240, 'Asia/Tokyo': -540, UTC: 0, 'Europe/London': -60 }[tz],
      ) // the stub took: the browser's zone really is tz
      expect(ukDateTime('2026-07-15T13:00:00Z')).toBe('15/07/2026 14:00 BST')
      expect(ukDateTime('2026-01-15T13:00:00Z')).toBe('15/01/2026 13:00 GMT')
      // Past midnight in the UK, still the day before in New York.
      expect(ukDateTime(new Date('2026-07-15T23:30:00Z'))).toBe('16/07/2026 00:30 BST')
      // The clock change: 01:00 UTC on 29 March 2026 is 02:00 BST.
      expect(ukDateTime('2026-03-29T00:59:00Z')).toBe('29/03/2026 00:59 GMT')
      expect(ukDateTime('2026-03-29T01:00:00Z')).toBe('29/03/2026 02:00 BST')
    })
  }
  it('is empty for what is not a time', () => {
    expect(ukDateTime('not a date')).toBe('')
  })
})

describe('todayInLondon', () => {
  it("is the UK's date, not the browser's", () => {
    vi.stubEnv('TZ', 'America/New_York')
    expect(todayInLondon(new Date('2026-07-16T02:00:00Z'))).toBe('2026-07-16') // 22:00 the day before in New York
  })
})
