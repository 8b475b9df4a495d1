// useCodesWithdrawn.
import { useQueryClient } from '@tanstack/react-query'
import { errorCode } from '../../../lib/errors'
import { orderKey } from './keys'

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
    // basket_changed: the total is not the one shown (changed in another tab).
    if (errorCode(e) !== 'promo_code_withdrawn' && errorCode(e) !== 'basket_changed') return false
    void qc.invalidateQueries({ queryKey: orderKey(orderId) })
    return true
  }
}
