// The basket of the payment screen (spec 2 section 2): payment and product
// type, each line with its struck-through list price, a line's removal
// (asked first), the promo codes and the total: the list price struck, the
// price to pay and the percentage off the list price.
import { useState, type ReactNode } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ShoppingBasket, Trash2 } from 'lucide-react'
import { formatPence } from '../../../lib/money'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { useToast } from '../../../components/Toast'
import { errorMessage } from '../../../lib/errors'
import { PromoBox } from './PromoBox'
import { PRODUCT_LABELS, orderTypeLabel, storeOrder, type Order, type OrderLine } from '../api/keys'

export type RemoveLine = {
  /** confirmText is the question asked before a line goes. */
  confirmText: (line: OrderLine, index: number) => string
  /** remove takes the line out on the server and answers the recomputed order. */
  remove: (line: OrderLine, index: number) => Promise<Order>
  /** label names a line's remove button ('Remove renter ...'). */
  label?: (line: OrderLine, index: number) => string
}

export function Basket({
  order,
  action,
  removeLine,
  headingRef,
  hidden = false,
}: {
  /** hidden keeps the basket mounted but out of sight (the card's turn on a narrow screen). */
  hidden?: boolean
  order: Order
  action: ReactNode
  removeLine?: RemoveLine
  headingRef: React.RefObject<HTMLHeadingElement | null>
}) {
  const qc = useQueryClient()
  const toast = useToast()
  const [asking, setAsking] = useState<number | null>(null)
  const productSet = [...new Set(order.items.map((l) => PRODUCT_LABELS[l.productType] ?? l.productType))]
  const products = productSet.join(', ')
  // Each line names its product only when the basket mixes products.
  const mixed = productSet.length > 1
  // One meaning everywhere: the list price struck, then the price to pay,
  // with or without promo codes; the server's percentage off is the saving
  // on the list price (rounded up).
  const struck = order.wasPence
  const canRemove = !!removeLine && order.items.length > 1

  const drop = useMutation({
    mutationFn: (i: number) => removeLine!.remove(order.items[i], i),
    onSuccess: (o) => {
      storeOrder(qc, o)
      setAsking(null)
    },
    onError: (e) => {
      setAsking(null)
      toast('error', errorMessage(e))
    },
  })

  return (
    <section className="pay__panel pay__basket" aria-labelledby="pay-basket-title" hidden={hidden}>
      <h3 id="pay-basket-title" className="pay__panel-title" ref={headingRef} tabIndex={-1}>
        <ShoppingBasket aria-hidden size={20} />
        Basket
      </h3>
      <dl className="pay__meta">
        <div>
          <dt>Payment type</dt>
          <dd>{orderTypeLabel(order.orderType)}</dd>
        </div>
        <div>
          <dt>Product type</dt>
          <dd>{products}</dd>
        </div>
      </dl>
      <ul className="pay__lines" aria-label="Basket items">
        {order.items.map((l, i) => (
          <li key={`${i}-${l.description}`} className="pay__line">
            <LineText line={l} showProduct={mixed} />
            <Price was={l.wasPence * l.qty} now={l.unitPence * l.qty} />
            {canRemove ? (
              <button
                type="button"
                className="icon-button pay__line-remove"
                aria-label={removeLine!.label?.(l, i) ?? `Remove ${l.description}`}
                title="Remove"
                onClick={() => setAsking(i)}
              >
                <Trash2 aria-hidden size={20} />
              </button>
            ) : null}
          </li>
        ))}
      </ul>

      <PromoBox order={order} />

      <div className="pay__total">
        <span className="pay__total-label">Total (incl. VAT)</span>
        <span className="pay__total-figures">
          {struck > order.totalPence ? (
            <s className="pay__was">
              <span className="visually-hidden">was </span>
              {formatPence(struck)}
            </s>
          ) : null}
          <strong className="pay__total-now" data-testid="basket-total">
            {formatPence(order.totalPence)}
          </strong>
          {order.percentOff > 0 ? <span className="pay__off">{order.percentOff}% off</span> : null}
        </span>
      </div>
      {action}

      <ConfirmDialog
        open={asking !== null}
        confirmLabel="Remove"
        danger
        busy={drop.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking !== null && drop.mutate(asking)}
      >
        {asking !== null && order.items[asking] ? <p>{removeLine!.confirmText(order.items[asking], asking)}</p> : null}
      </ConfirmDialog>
    </section>
  )
}

/** LineText shows a line's description; 'Name <email>' (a person) is shown as the name over the address. */
function LineText({ line, showProduct }: { line: OrderLine; showProduct: boolean }) {
  const person = /^(.*\S)\s*<([^<>]+)>$/.exec(line.description)
  return (
    <span className="pay__line-text">
      {showProduct ? <span className="pay__line-product">{PRODUCT_LABELS[line.productType] ?? line.productType}</span> : null}
      {person ? (
        <>
          <span className="pay__line-name">{person[1]}</span>
          <span className="pay__line-email">{person[2]}</span>
        </>
      ) : (
        <span className="pay__line-name">{line.description}</span>
      )}
    </span>
  )
}

function Price({ was, now }: { was: number; now: number }) {
  return (
    <span className="pay__price">
      {was > now ? (
        <s className="pay__was">
          <span className="visually-hidden">was </span>
          {formatPence(was)}
        </s>
      ) : null}
      <span className="pay__now">
        {was > now ? <span className="visually-hidden">now </span> : null}
        {formatPence(now)}
      </span>
    </span>
  )
}

