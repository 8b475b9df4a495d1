// GET /api/orders/{id}: an order with the payment provider that takes it.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { orderKey } from './keys'

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: () => fetchOrder(id),
    enabled: id !== '',
    retry: false,
  })
}

/** fetchOrder asks for the order once (also used while waiting for a card payment to land). */
export function fetchOrder(id: string) {
  return unwrap(api.GET('/api/orders/{id}', { params: { path: { id } } }))
}
