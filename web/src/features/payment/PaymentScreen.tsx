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
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, CreditCard, ShoppingBasket, Tag, Trash2, X } from 'lucide-react'
import { api, ApiError, unwrap } from '../../lib/api'
import { formatPence } from '../../lib/money'
import { useMediaQuery } from '../../lib/useMediaQuery'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { Spinner } from '../../components/Spinner'
import { EnsureToasts, useToast } from '../../components/Toast'
import { ButtonSpinner, FormMessage } from '../../components/Form'
import { errorMessage } from '../../lib/errors'
import { CardStep } from './CardStep'
import {
  APPLY_LABEL,
  CONTINUE_LABEL,
  FREE_LABEL,
  MSG_CODE_USED,
  MSG_INVALID_CODE,
  PROMO_LABEL,
  SANDBOX_NOTE,
} from './messages'
import { PRODUCT_LABELS, orderTypeLabel, storeOrder, useCodesWithdrawn, useOrder, type Order, type OrderLine } from './queries'
import './payment.css'

/** NARROW is where the basket and card panels alternate (spec 2 section 9: 800px). */
export const NARROW = '(max-width: 800px)'

export type RemoveLine = {
  /** confirmText is the question asked before a line goes. */
  confirmText: (line: OrderLine, index: number) => string
  /** remove takes the line out on the server and answers the recomputed order. */
  remove: (line: OrderLine, index: number) => Promise<Order>
  /** label names a line's remove button ('Remove renter ...'). */
  label?: (line: OrderLine, index: number) => string
}

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
        {showBasket ? (
          <Basket
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
        ) : null}
        {showCard ? (
          <section className="pay__panel pay__card" aria-labelledby="pay-card-title">
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
        ) : null}
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

function Basket({
  order,
  action,
  removeLine,
  headingRef,
}: {
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
  // With promo codes the total is struck from the price before them, with
  // the server's percentage off (rounded up); without, from the former price.
  const struck = order.promoCodes.length > 0 ? order.fullPence : order.wasPence
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
    <section className="pay__panel pay__basket" aria-labelledby="pay-basket-title">
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

/**
 * PromoBox applies and removes promo codes (spec 2 section 5, "Promo code
 * apply"): an empty box does nothing; an unknown code is an error toast
 * 'Invalid code'; a known but unusable one a warning with the server's
 * reason; one already on the order a warning 'Code already used'.
 */
function PromoBox({ order }: { order: Order }) {
  const qc = useQueryClient()
  const toast = useToast()
  const [code, setCode] = useState('')

  const apply = useMutation({
    mutationFn: (c: string) =>
      unwrap(api.POST('/api/orders/{id}/promo-codes', { params: { path: { id: order.id } }, body: { code: c } })),
    onSuccess: (res) => {
      storeOrder(qc, res.order, res.provider)
      setCode('')
    },
    onError: (e) => {
      const [kind, text] = promoErrorToast(e)
      toast(kind, text)
    },
  })
  const remove = useMutation({
    mutationFn: (c: string) =>
      unwrap(api.DELETE('/api/orders/{id}/promo-codes/{code}', { params: { path: { id: order.id, code: c } } })),
    onSuccess: (res) => storeOrder(qc, res.order, res.provider),
    onError: (e) => toast('error', errorMessage(e)),
  })

  function submit(e: FormEvent) {
    e.preventDefault()
    const c = code.trim()
    if (!c || apply.isPending) return
    if (order.promoCodes.some((p) => p.code.toLowerCase() === c.toLowerCase())) {
      toast('warning', MSG_CODE_USED)
      return
    }
    apply.mutate(c)
  }

  return (
    <div className="promo">
      <form className="promo__form" onSubmit={submit} noValidate>
        <label htmlFor="promo-code" className="promo__label">
          {PROMO_LABEL}
        </label>
        <div className="promo__row">
          <input
            id="promo-code"
            name="promoCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="button button--outline promo__apply" disabled={apply.isPending} aria-busy={apply.isPending}>
            {apply.isPending ? <ButtonSpinner /> : null}
            {APPLY_LABEL}
          </button>
        </div>
      </form>
      {order.promoCodes.length > 0 ? (
        <ul className="promo__applied" aria-label="Applied promo codes">
          {order.promoCodes.map((p) => (
            <li key={p.code} className="promo__chip">
              <Tag aria-hidden size={16} />
              <span>
                {p.code} <span className="promo__chip-off">−{p.discount}%</span>
              </span>
              <button
                type="button"
                className="promo__chip-remove"
                aria-label={`Remove code ${p.code}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(p.code)}
              >
                <X aria-hidden size={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** promoErrorToast is the toast for a refused promo code. */
export function promoErrorToast(e: unknown): ['error' | 'warning', string] {
  if (e instanceof ApiError) {
    if (e.status === 404) return ['error', MSG_INVALID_CODE]
    if (e.status === 409) return ['warning', MSG_CODE_USED]
    if (e.status === 400 && e.code === 'code_unusable') return ['warning', e.message]
  }
  return ['error', errorMessage(e)]
}

function FreeButton({ order, label, onPaid }: { order: Order; label: string; onPaid: (o: Order, provider?: string) => void }) {
  const toast = useToast()
  const withdrawn = useCodesWithdrawn(order.id)
  const buy = useMutation({
    mutationFn: () => unwrap(api.POST('/api/orders/{id}/free', { params: { path: { id: order.id } } })),
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
