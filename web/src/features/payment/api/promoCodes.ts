// POST /api/orders/{id}/promo-codes and DELETE .../promo-codes/{code}: a
// promo code applied to or taken off an order; the server answers the
// whole repriced order.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'

const apply = (id: string, code: string) => unwrap(api.POST('/api/orders/{id}/promo-codes', { params: { path: { id } }, body: { code } }))
const remove = (id: string, code: string) => unwrap(api.DELETE('/api/orders/{id}/promo-codes/{code}', { params: { path: { id, code } } }))

export function useApplyPromoCode(orderId: string, options?: MutationOptions<Awaited<ReturnType<typeof apply>>, string>) {
  return useMutation({ mutationFn: (code: string) => apply(orderId, code), ...options })
}

export function useRemovePromoCode(orderId: string, options?: MutationOptions<Awaited<ReturnType<typeof remove>>, string>) {
  return useMutation({ mutationFn: (code: string) => remove(orderId, code), ...options })
}
