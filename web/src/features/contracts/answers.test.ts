import { describe, expect, it } from 'vitest'
import { penceToPounds, poundsToPence, sameEmail } from './answers'

describe('money typed in pounds', () => {
  it('reads pounds and pence', () => {
    expect(poundsToPence('1500')).toBe(150000)
    expect(poundsToPence('1,500.5')).toBe(150050)
    expect(poundsToPence('0.07')).toBe(7)
  })
  it('refuses anything that is not a number', () => {
    for (const bad of ['', 'abc', '12.345', '-5', '1e3']) expect(poundsToPence(bad)).toBeNull()
  })
  it('writes pence back', () => {
    expect(penceToPounds(150000)).toBe('1500')
    expect(penceToPounds(150050)).toBe('1500.50')
    expect(penceToPounds(0)).toBe('')
  })
  it('compares e-mails without case', () => {
    expect(sameEmail(' Tom@Example.com', 'tom@example.com')).toBe(true)
  })
})
