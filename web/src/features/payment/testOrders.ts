// Orders for the payment screen's tests.
import type { Order } from './api/keys'

export const line = (name: string, email: string) => ({
  productType: 'instant-reference-check' as const,
  description: `${name} <${email}>`,
  unitPence: 899,
  wasPence: 1799,
  qty: 1,
})

export function makeOrder(over: Partial<Order> = {}): Order {
  return {
    id: 'o1',
    orderType: 'reference-check',
    subjectId: 'c1',
    status: 'pending',
    currency: 'GBP',
    items: [line('Rita Renter', 'rita@example.com'), line('Sam Sharer', 'sam@example.com')],
    promoCodes: [],
    wasPence: 3598,
    fullPence: 1798,
    totalPence: 1798,
    percentOff: 0,
    provider: '',
    receiptEmail: 'ann@example.com',
    paidAt: null,
    createdAt: '2026-11-05T10:00:00Z',
    receiptNumber: '',
    ...over,
  }
}
