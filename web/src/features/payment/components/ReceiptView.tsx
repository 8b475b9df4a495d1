// A paid order's VAT receipt (issue 27): the supplier with its address and
// VAT number, the receipt number, the date of supply, each line with its
// net amount, VAT rate and VAT, the totals and how it was paid, and the PDF
// to download. Every figure is the server's (GET /api/receipts/{number});
// the PDF is drawn from the same receipt on the server.
import { Link } from 'react-router'
import { ArrowLeft, Download } from 'lucide-react'
import { formatPence } from '../../../lib/money'
import { Spinner } from '../../../components/Spinner'
import { FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { receiptPdfHref, useReceipt, type Receipt } from '../api/receipt'
import '../payment.css'

const longDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** supplyDay writes the receipt's YYYY-MM-DD date as '26 November 2026'. */
export function supplyDay(d: string): string {
  const t = new Date(`${d}T00:00:00Z`)
  return Number.isNaN(t.getTime()) ? d : longDay.format(t)
}

export function ReceiptView({ number, backTo }: { number: string; backTo: string }) {
  const q = useReceipt(number)
  return (
    <section className="receipt" aria-labelledby="receipt-title">
      <Link to={backTo} className="receipt__back">
        <ArrowLeft aria-hidden size={18} />
        All orders
      </Link>
      {q.isPending ? (
        <div className="pay__loading">
          <Spinner label="Loading the receipt" />
        </div>
      ) : q.isError ? (
        <>
          <h1 id="receipt-title" className="receipt__title">
            Receipt
          </h1>
          <FormMessage kind="error">{errorMessage(q.error)}</FormMessage>
        </>
      ) : (
        <ReceiptBody r={q.data.receipt} />
      )}
    </section>
  )
}

function ReceiptBody({ r }: { r: Receipt }) {
  const day = supplyDay(r.supplyDate)
  return (
    <>
      <div className="receipt__head">
        <h1 id="receipt-title" className="receipt__title">
          VAT receipt <span className="receipt__number">{r.number}</span>
        </h1>
        <a className="button button--outline receipt__pdf" href={receiptPdfHref(r.number)} download>
          <Download aria-hidden size={18} />
          Download PDF
        </a>
      </div>

      <div role="group" aria-label="Supplier">
        <address className="receipt__supplier">
          <strong>{r.supplier.name}</strong>
          {r.supplier.address.map((l) => (
            <span key={l}>{l}</span>
          ))}
          <span>VAT registration number: {r.supplier.vatNumber}</span>
        </address>
      </div>

      <dl className="receipt__facts">
        <div>
          <dt>Receipt number</dt>
          <dd>{r.number}</dd>
        </div>
        <div>
          <dt>Date of supply (tax point)</dt>
          <dd>{day}</dd>
        </div>
        <div>
          <dt>Date of issue</dt>
          <dd>{day}</dd>
        </div>
        <div>
          <dt>Sent to</dt>
          <dd className="receipt__email">{r.receiptEmail}</dd>
        </div>
        <div>
          <dt>Paid by</dt>
          <dd>{r.method}</dd>
        </div>
      </dl>

      <table className="receipt__lines">
        <caption className="visually-hidden">What was bought, with its VAT</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
            <th scope="col">Promo</th>
            <th scope="col">Net</th>
            <th scope="col">VAT rate</th>
            <th scope="col">VAT</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {r.lines.map((l, i) => (
            <tr key={i}>
              <th scope="row" className="receipt__item">
                <span>{l.product}</span>
                {l.description ? <span className="receipt__for">{l.description}</span> : null}
              </th>
              <td data-label="Qty">{l.qty}</td>
              <td data-label="Price">{formatPence(l.unitPence * l.qty)}</td>
              <td data-label="Promo">{l.discountPence > 0 ? `−${formatPence(l.discountPence)}` : '–'}</td>
              <td data-label="Net">{formatPence(l.netPence)}</td>
              <td data-label="VAT rate">{l.vatRate}</td>
              <td data-label="VAT">{formatPence(l.vatPence)}</td>
              <td data-label="Total" className="receipt__line-total">
                {formatPence(l.totalPence)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="receipt__note">Price and Total include VAT; Net is without it.</p>
      {r.promoCodes.length > 0 ? (
        <ul className="receipt__codes" aria-label="Promo codes used">
          {r.promoCodes.map((c) => (
            <li key={c.code}>
              Promo code {c.code}: {c.discount}% off
            </li>
          ))}
        </ul>
      ) : null}

      <dl className="receipt__totals" data-testid="receipt-totals">
        {r.discountPence > 0 ? (
          <>
            <div>
              <dt>Price before promo codes (incl. VAT)</dt>
              <dd>{formatPence(r.listPence)}</dd>
            </div>
            <div>
              <dt>Promo codes</dt>
              <dd>−{formatPence(r.discountPence)}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>Total net</dt>
          <dd>{formatPence(r.netPence)}</dd>
        </div>
        <div>
          <dt>VAT at {r.vatRate}</dt>
          <dd>{formatPence(r.vatPence)}</dd>
        </div>
        <div className="receipt__paid">
          <dt>Total paid</dt>
          <dd data-testid="receipt-total">{formatPence(r.totalPence)}</dd>
        </div>
      </dl>
      <p className="receipt__rounding">{r.rounding}</p>
    </>
  )
}
