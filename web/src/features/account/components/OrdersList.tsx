// /profile/orders: the signed-in user's own orders with what was bought,
// the codes used and what was paid. Each paid order's VAT receipt went by
// e-mail and opens here (/profile/orders/<receipt number>) with its PDF.
import { Link } from 'react-router'
import { Download, ReceiptText } from 'lucide-react'
import { useOrders } from '../api/orders'
import { formatPence } from '../../../lib/money'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { receiptHref, receiptPdfHref } from '../../payment/api/receipt'

const PRODUCT_NAMES: Record<string, string> = {
  'instant-reference-check': 'Instant reference check',
  'tenancy-contract': 'Tenancy contract',
  'inventory-report': 'Inventory report',
}

const METHODS: Record<string, string> = {
  sandbox: 'Card (sandbox: no money taken)',
  stripe: 'Card',
  free: 'Free with a promo code',
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })

export function OrdersList() {
  const orders = useOrders()
  return (
    <section className="profile-card" aria-labelledby="orders-title">
      <h1 id="orders-title">Orders and receipts</h1>
      {orders.isPending ? (
        <div className="page-loading">
          <Spinner label="Loading your orders" />
        </div>
      ) : orders.isError ? (
        <p className="form-message form-message--error" role="alert">
          {errorMessage(orders.error)}
        </p>
      ) : orders.data.orders.length === 0 ? (
        <div className="empty-state">
          <ReceiptText aria-hidden="true" />
          <p>No orders yet.</p>
          <span>Reference checks and other purchases appear here with their receipts.</span>
        </div>
      ) : (
        <ul className="orders">
          {orders.data.orders.map((o) => (
            <li key={o.id} className="order">
              <div className="order__head">
                <div>
                  <span className="order__date">{dateFormat.format(new Date(o.paidAt ?? o.createdAt))}</span>
                  {o.receiptNumber ? <span className="order__number">Order {o.receiptNumber}</span> : null}
                </div>
                <span className={o.status === 'paid' ? 'order__status order__status--paid' : 'order__status'}>
                  {o.status === 'paid' ? 'Paid' : 'Not paid'}
                </span>
              </div>
              <ul className="order__lines">
                {o.items.map((line, i) => (
                  <li key={i}>
                    <span>
                      {PRODUCT_NAMES[line.productType] ?? line.productType}
                      {line.description ? <span className="order__for"> · {line.description}</span> : null}
                    </span>
                    <span>{formatPence(line.unitPence * line.qty)}</span>
                  </li>
                ))}
              </ul>
              {o.promoCodes.length > 0 ? (
                <p className="order__codes">
                  Promo {o.promoCodes.length === 1 ? 'code' : 'codes'}:{' '}
                  {o.promoCodes.map((c) => `${c.code} (${c.discount}% off)`).join(', ')}
                </p>
              ) : null}
              <div className="order__total">
                <span>{o.status === 'paid' ? `Paid: ${METHODS[o.provider] ?? o.provider}` : 'To pay'}</span>
                <strong>{formatPence(o.totalPence)}</strong>
              </div>
              {o.status === 'paid' ? <p className="order__receipt">Receipt sent to {o.receiptEmail}</p> : null}
              {o.status === 'paid' && o.receiptNumber ? (
                <div className="order__actions">
                  <Link to={receiptHref(o.receiptNumber)} className="button button--outline">
                    <ReceiptText aria-hidden size={18} />
                    View receipt <span className="visually-hidden">{o.receiptNumber}</span>
                  </Link>
                  <a href={receiptPdfHref(o.receiptNumber)} download className="button button--outline">
                    <Download aria-hidden size={18} />
                    Download PDF <span className="visually-hidden">of receipt {o.receiptNumber}</span>
                  </a>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
