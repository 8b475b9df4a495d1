// POST /api/orders/{id}/card-payment: the card provider's PaymentIntent for
// the order as it stands.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { errorCode } from '../../../lib/errors'
import { storeOrder, type Order } from './keys'

/** basketKey changes with anything that changes the price: every change needs its own PaymentIntent. */
function basketKey(o: Order): string {
  return [o.totalPence, o.items.length, ...o.promoCodes.map((p) => p.code)].join('|')
}

/**
 * useCardPayment asks the server for the PaymentIntent of the order as it
 * stands, again after each basket change. basket_changed (a promo code
 * changed the total meanwhile) is asked again at once; the answer's order
 * replaces the cached one, so the basket shows what is being paid.
 */
export function useCardPayment(order: Order) {
  const qc = useQueryClient()
  return useQuery({
    queryKey: ['card-payment', order.id, basketKey(order)],
    queryFn: async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await unwrap(api.POST('/api/orders/{id}/card-payment', { params: { path: { id: order.id } } }))
          storeOrder(qc, res.order, res.provider)
          return res
        } catch (e) {
          if (attempt < 2 && errorCode(e) === 'basket_changed') continue
          throw e
        }
      }
    },
    // One PaymentIntent per basket: not asked again on focus, and forgotten
    // when the basket moves on (going back to an earlier basket asks anew).
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  })
}

