import { describe, expect, it } from 'vitest'
import { parsePounds, penceToPounds, tidyPounds } from './money'

describe('parsePounds', () => {
  it('reads pounds and pence as whole pence', () => {
    expect(parsePounds('1250')).toBe(125000)
    expect(parsePounds('1,250.5')).toBe(125050)
    expect(parsePounds('£1,250.50')).toBe(125050)
    expect(parsePounds(' 0.07 ')).toBe(7)
    expect(parsePounds('.5')).toBe(50)
    expect(parsePounds('0')).toBe(0)
  })
  it('refuses negatives, three decimals and words', () => {
    expect(parsePounds('-5')).toBeNull()
    expect(parsePounds('1.234')).toBeNull()
    expect(parsePounds('ten')).toBeNull()
    expect(parsePounds('')).toBeNull()
    expect(parsePounds('.')).toBeNull()
  })
})

describe('penceToPounds and tidyPounds', () => {
  it('write two decimals', () => {
    expect(penceToPounds(125050)).toBe('1250.50')
    expect(penceToPounds(0)).toBe('0.00')
    expect(penceToPounds(undefined)).toBe('')
    expect(tidyPounds('85')).toBe('85.00')
    expect(tidyPounds('abc')).toBe('abc')
  })
})
