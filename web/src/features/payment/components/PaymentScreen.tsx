// The payment screen (spec 2 section 2, "Payment screen"), one component for
// every product: it takes an order id and what to do once the order is paid.
//
// The basket shows the payment and product type, each line's price with the
// struck-through former price, the promo codes and the total with its
// percentage off. CONTINUE TO CARD PAYMENT leads to the card form of the
// server's provider (CardStep). When the total is 0 a purchase button
// replaces the card step. At 800 px or less the basket and the card panels
// take turns, with a back arrow; wider, they sit side by side.
//
// Prices are the server's: every change answers the whole order again.
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, CreditCard } from 'lucide-react'
import { formatPence } from '../../../lib/money'
import { useMediaQuery } from '../../../lib/useMediaQuery'
import { Spinner } from '../../../components/Spinner'
import { EnsureToasts } from '../../../components/Toast'
import { FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { Basket, type RemoveLine } from './Basket'
import { CardStep } from './CardStep'
import { FreeButton } from './FreeButton'
import { CONTINUE_LABEL, FREE_LABEL, SANDBOX_NOTE } from '../messages'
import { storeOrder, type Order } from '../api/keys'
import { useOrder } from '../api/order'
import '../payment.css'

/** NARROW is where the basket and card panels alternate (spec 2 section 9: 800px). */
export const NARROW = '(max-width: 800px)'

type Props = {
  orderId: string
  /** onPaid runs once, when the order is paid by card or completed free. */
  onPaid: (order: Order) => void
  /** onBack leaves the payment screen from the basket (the back arrow); without it no arrow is shown there. */
  onBack?: () => void
  /** freeLabel replaces the card step when the total is 0 (default PURCHASE BASKET). */
  freeLabel?: string
  /** removeLine lets lines be taken out while more than one remains. */
  removeLine?: RemoveLine
  /** notice is shown above the panels (e.g. the deposit warning). */
  notice?: ReactNode
  title?: string
}

export function PaymentScreen(props: Props) {
  return (
    <EnsureToasts>
      <Payment {...props} />
    </EnsureToasts>
  )
}

function Payment({ orderId, onPaid, onBack, freeLabel = FREE_LABEL, removeLine, notice, title = 'Payment' }: Props) {
  const q = useOrder(orderId)
  const qc = useQueryClient()
  const narrow = useMediaQuery(NARROW)
  const [stage, setStage] = useState<'basket' | 'card'>('basket')
  const cardHeading = useRef<HTMLHeadingElement>(null)
  const basketHeading = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)

  const order = q.data?.order
  const free = order ? order.totalPence === 0 : false

  // Turning panels moves focus to the new panel's heading (not on first render).
  useEffect(() => {
    if (!moved.current) return
    if (stage === 'card') cardHeading.current?.focus()
    else basketHeading.current?.focus()
  }, [stage])
  // A total that drops to 0 has no card step.
  useEffect(() => {
    if (free) setStage('basket')
  }, [free])

  if (q.isPending) {
    return (
      <div className="pay__loading">
        <Spinner label="Loading the basket" />
      </div>
    )
  }
  if (q.isError || !order) return <FormMessage kind="error">{errorMessage(q.error)}</FormMessage>

  if (order.status === 'paid') {
    return <FormMessage kind="success">This order has been paid. Thank you.</FormMessage>
  }

  const showBasket = !narrow || stage === 'basket'
  const showCard = !free && (!narrow || stage === 'card')
  const turn = (s: 'basket' | 'card') => {
    moved.current = true
    setStage(s)
  }

  function continueToCard() {
    if (narrow) turn('card')
    else document.getElementById('card-line1')?.focus()
  }

  function paid(o: Order, provider?: string) {
    storeOrder(qc, o, provider)
    onPaid(o)
  }

  const back = narrow && stage === 'card' ? () => turn('basket') : onBack

  return (
    <section className="pay" aria-labelledby="pay-title">
      <div className="pay__head">
        {back ? (
          <button
            type="button"
            className="icon-button pay__back"
            aria-label={narrow && stage === 'card' ? 'Back to the basket' : 'Back'}
            onClick={back}
          >
            <ArrowLeft aria-hidden size={24} />
          </button>
        ) : null}
        <h2 id="pay-title" className="pay__title">
          {title}
        </h2>
      </div>
      {notice}
      <div className={free || narrow ? 'pay__panels pay__panels--single' : 'pay__panels'}>
        {/* Both panels stay mounted and the one not shown is hidden: what
            the buyer typed (card, billing address, a promo code) survives
            the layout changing at 800 px, a rotated tablet or a resized
            window (and the brief 1x1 resize of a full-page screenshot). */}
        <Basket
          hidden={!showBasket}
          order={order}
          headingRef={basketHeading}
          removeLine={removeLine}
          action={
            free ? (
              <FreeButton order={order} label={freeLabel} onPaid={paid} />
            ) : (
              // Wide, the card panel is already beside the basket: the
              // button moves focus to its first field.
              <button type="button" className="button button--block" onClick={continueToCard}>
                <CreditCard aria-hidden size={18} />
                {CONTINUE_LABEL}
              </button>
            )
          }
        />
        {free ? null : (
          <section className="pay__panel pay__card" aria-labelledby="pay-card-title" hidden={!showCard}>
            <h3 id="pay-card-title" className="pay__panel-title" ref={cardHeading} tabIndex={-1}>
              <CreditCard aria-hidden size={20} />
              Card payment
            </h3>
            <p className="pay__amount">
              To pay: <strong>{formatPence(order.totalPence)}</strong>
            </p>
            {q.data.provider === 'sandbox' ? <SandboxNote /> : null}
            <CardStep provider={q.data.provider} order={order} onPaid={paid} firstFieldId="card-line1" />
          </section>
        )}
      </div>
    </section>
  )
}

/** SandboxNote says no money moves; the test card number is kept on one line. */
function SandboxNote() {
  const at = SANDBOX_NOTE.indexOf('4242')
  const [before, card] = at < 0 ? [SANDBOX_NOTE, ''] : [SANDBOX_NOTE.slice(0, at), SANDBOX_NOTE.slice(at)]
  return (
    <p className="form-message form-message--info pay__sandbox">
      {before}
      <span className="pay__nowrap">{card}</span>
    </p>
  )
}
