// The purchase button that replaces the card step when the server's total is 0.

import { useFreePurchase } from '../api/payOrder'
import { useToast } from '../../../components/Toast'
import { ButtonSpinner } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { useCodesWithdrawn } from '../api/codesWithdrawn'
import { type Order } from '../api/keys'

export function FreeButton({ order, label, onPaid }: { order: Order; label: string; onPaid: (o: Order, provider?: string) => void }) {
  const toast = useToast()
  const withdrawn = useCodesWithdrawn(order.id)
  const buy = useFreePurchase(order.id, {
    onSuccess: (res) => onPaid(res.order, res.provider),
    // A failed free purchase says so and stays on the basket (spec 2 section 4);
    // a code withdrawn meanwhile is a warning, and the basket shows the new total.
    onError: (e) => toast(withdrawn(e) ? 'warning' : 'error', errorMessage(e)),
  })
  return (
    <button type="button" className="button button--block" disabled={buy.isPending} aria-busy={buy.isPending} onClick={() => buy.mutate()}>
      {buy.isPending ? <ButtonSpinner /> : null}
      {label}
    </button>
  )
}
