import { describe, expect, it } from 'vitest'
import { niceScale } from './chart'

describe('niceScale', () => {
  it('picks round steps, at most four of them', () => {
    expect(niceScale(265000)).toEqual({ top: 300000, step: 100000 })
    expect(niceScale(177240)).toEqual({ top: 200000, step: 50000 })
    expect(niceScale(0)).toEqual({ top: 10000, step: 5000 })
  })
})
