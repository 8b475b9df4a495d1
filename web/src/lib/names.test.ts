import { describe, expect, it } from 'vitest'
import { hasHiddenCharacters } from './names'

describe('hasHiddenCharacters', () => {
  it('refuses control and text-direction characters', () => {
    for (const bad of ['Ann\u0000Smith', 'Ann\r\nSmith', 'Ann\nSmith', 'Ann\tSmith', 'Ann \u202eevil', '\u2067Ann\u2069', 'Ann\u200f', 'Ann\u2028Smith']) {
      expect(hasHiddenCharacters(bad), JSON.stringify(bad)).toBe(true)
    }
  })
  it('accepts names in any script', () => {
    for (const ok of ["Zoë O'Brien-Łukasz", '王小明', 'محمد علي', 'Ann 😀', '👩‍👩‍👧 Family', 'مهدی\u200cپور']) {
      expect(hasHiddenCharacters(ok), ok).toBe(false)
    }
  })
})
