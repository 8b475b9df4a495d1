import { describe, expect, it } from 'vitest'
import { settledWords } from './Overview'

const pay = { transactionId: 't', propertyId: 'p', propertyLabel: 'x', date: '2026-11-26', description: 'November rent', aheadPence: 0 }

describe('settledWords (issue 26: which month a rent payment settled)', () => {
  it('names the due date a payment settled, oldest first, and any part paid ahead', () => {
    expect(settledWords({ ...pay, amountPence: 120000, settles: [{ dueDate: '2026-10-01', pence: 120000 }] })).toBe('Settled the rent due 1 Oct 2026')
    expect(
      settledWords({ ...pay, amountPence: 150000, settles: [{ dueDate: '2026-11-01', pence: 120000 }, { dueDate: '2026-12-01', pence: 30000 }] }),
    ).toBe('Settled £1,200.00 of the rent due 1 Nov 2026, £300.00 of the rent due 1 Dec 2026')
    expect(settledWords({ ...pay, amountPence: 5000, settles: [], aheadPence: 5000 })).toBe('Settled £50.00 ahead of any rent due')
  })
})
