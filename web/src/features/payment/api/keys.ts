// Orders in TanStack Query: ['orders', id] holds {order, provider} as
// GET /api/orders/{id} answers it. Every basket change answers the whole
// order, which replaces the cached one: the browser never computes a price.
import { type QueryClient } from '@tanstack/react-query'
import type { components } from '../../../lib/api-schema'

export type Order = components['schemas']['Order']

export type OrderLine = components['schemas']['OrderLine']

export type OrderState = components['schemas']['OrderResponse']

export const orderKey = (id: string) => ['orders', id] as const

/** storeOrder keeps an order answered by any call (the provider is kept when the answer has none). */
export function storeOrder(qc: QueryClient, order: Order, provider?: string) {
  qc.setQueryData<OrderState>(orderKey(order.id), (old) => ({ order, provider: provider ?? old?.provider ?? '' }))
}

export const PRODUCT_LABELS: Record<OrderLine['productType'], string> = {
  'instant-reference-check': 'Instant reference check',
  'tenancy-contract': 'Tenancy contract',
  'inventory-report': 'Inventory report',
}

export const ORDER_TYPE_LABELS: Record<string, string> = {
  'reference-check': 'Reference check',
  'tenancy-contract': 'Tenancy contract',
  'inventory-report': 'Inventory report',
}

/** orderTypeLabel is the basket's payment type ('reference-check' -> 'Reference check'). */
export function orderTypeLabel(t: string): string {
  if (ORDER_TYPE_LABELS[t]) return ORDER_TYPE_LABELS[t]
  const s = t.replace(/[-_]+/g, ' ').trim()
  return s ? s[0].toUpperCase() + s.slice(1) : 'Order'
}
