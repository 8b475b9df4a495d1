// Payment for a reference check (spec 2 section 2): the shared payment
// screen with one basket line per renter. A renter can be taken out of the
// basket while more than one remains, after confirming.
import { Navigate } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { TriangleAlert } from 'lucide-react'
import { removeRenter } from '../api/renterActions'
import { Spinner } from '../../../components/Spinner'
import { FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { PaymentScreen } from '../../payment/components/PaymentScreen'
import type { Order, OrderLine } from '../../payment/api/keys'
import { checkKey, type CheckAnswer, type ReferenceCheck } from '../api/keys'
import { useCheckDepositWarning } from '../api/checkDepositWarning'
import { useReferenceCheck } from '../api/referenceCheck'
import { removeRenterQuestion } from '../rules'
import { placeHref } from '../views'

export const PURCHASE_INSTANT_CHECK = 'PURCHASE INSTANT CHECK'

type Renter = ReferenceCheck['renters'][number]

/** renterFor finds the renter of a basket line: the server writes each line as 'Name <email>'. */
export function renterFor(check: ReferenceCheck, line: OrderLine, index: number): Renter | undefined {
  return check.renters.find((r) => `${r.name} <${r.email}>` === line.description) ?? check.renters[index]
}

type Props = {
  checkId: string
  onBack: () => void
  onPaid: (order: Order) => void
  /** onRenterRemoved tells the form which renter left the basket. */
  onRenterRemoved?: (email: string) => void
}

export function ReferencePayView({ checkId, onBack, onPaid, onRenterRemoved }: Props) {
  const qc = useQueryClient()
  const check = useReferenceCheck(checkId)
  const warning = useCheckDepositWarning(checkId).data ?? ''

  if (check.isPending) {
    return (
      <div className="omni-loading">
        <Spinner label="Loading the basket" />
      </div>
    )
  }
  if (check.isError) return <FormMessage kind="error">{errorMessage(check.error)}</FormMessage>
  const c = check.data
  if (c.status === 'Payment Complete') return <Navigate to={placeHref({ view: 'initiate', step: 'success', check: c.id })} replace />

  return (
    <PaymentScreen
      orderId={c.orderId}
      title="Payment"
      freeLabel={PURCHASE_INSTANT_CHECK}
      onBack={onBack}
      onPaid={onPaid}
      notice={
        warning ? (
          <p className="ref-form__warning" role="status">
            <TriangleAlert aria-hidden size={20} />
            <span>{warning}</span>
          </p>
        ) : null
      }
      removeLine={{
        label: (line, i) => `Remove ${renterFor(c, line, i)?.email ?? line.description}`,
        confirmText: (line, i) => removeRenterQuestion(renterFor(c, line, i)?.email ?? line.description),
        remove: async (line, i) => {
          const r = renterFor(c, line, i)
          if (!r) throw new Error('This renter is no longer in the basket.')
          const { order } = await removeRenter(c.id, r.id)
          qc.setQueryData<CheckAnswer>(checkKey(c.id), (old) =>
            old ? { ...old, referenceCheck: { ...old.referenceCheck, renters: old.referenceCheck.renters.filter((x) => x.id !== r.id) } } : old,
          )
          onRenterRemoved?.(r.email)
          return order
        },
      }}
    />
  )
}
