// Orders in TanStack Query: ['orders', id] holds {order, provider} as
// GET /api/orders/{id} answers it. Every basket change answers the whole
// order, which replaces the cached one: the browser never computes a price.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'
import { errorCode } from '../../../lib/errors'

export type Order = components['schemas']['Order']
export type OrderLine = components['schemas']['OrderLine']
export type OrderState = components['schemas']['OrderResponse']

export const orderKey = (id: string) => ['orders', id] as const

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: () => unwrap(api.GET('/api/orders/{id}', { params: { path: { id } } })),
    enabled: id !== '',
    retry: false,
  })
}

/** storeOrder keeps an order answered by any call (the provider is kept when the answer has none). */
export function storeOrder(qc: QueryClient, order: Order, provider?: string) {
  qc.setQueryData<OrderState>(orderKey(order.id), (old) => ({ order, provider: provider ?? old?.provider ?? '' }))
}

export const PRODUCT_LABELS: Record<OrderLine['productType'], string> = {
  'instant-reference-check': 'Instant reference check',
  'tenancy-contract': 'Tenancy contract',
  'inventory-report': 'Inventory report',
}

const ORDER_TYPE_LABELS: Record<string, string> = {
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

/**
 * useCodesWithdrawn handles the server's refusal to complete an order whose
 * promo code no longer applies (409 promo_code_withdrawn, issue 10): the
 * basket is asked for again, so it shows the codes that remain and the new
 * total, and the caller shows the server's message (which code, what
 * total). It answers whether e was that refusal.
 */
export function useCodesWithdrawn(orderId: string) {
  const qc = useQueryClient()
  return (e: unknown): boolean => {
    if (errorCode(e) !== 'promo_code_withdrawn') return false
    void qc.invalidateQueries({ queryKey: orderKey(orderId) })
    return true
  }
}
