import { describe, expect, it } from 'vitest'
import { formatPence, wholePoundsToPence } from './money'

describe('money', () => {
  it('shows pence as pounds', () => {
    expect(formatPence(899)).toBe('£8.99')
    expect(formatPence(0)).toBe('£0.00')
    expect(formatPence(213461)).toBe('£2,134.61')
    expect(formatPence(100000005)).toBe('£1,000,000.05')
  })

  it('reads whole pounds', () => {
    expect(wholePoundsToPence('1850')).toBe(185000)
    expect(wholePoundsToPence('')).toBe(0)
  })
})
