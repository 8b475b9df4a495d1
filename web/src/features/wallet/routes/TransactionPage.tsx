// /wallet/t/:id (spec 3 "Wallet"): a transaction's details with back, edit
// and delete ('Are you sure you want to delete this report?' YES/NO), and
// its invoice, shown here when it is a picture and opened or saved
// otherwise.
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { ArrowLeft, Download, ExternalLink, FileText, Pencil, Trash2 } from 'lucide-react'
import NotFound from '../../../components/NotFound'
import { Spinner } from '../../../components/Spinner'
import { ToastProvider, useToast } from '../../../components/Toast'
import { ApiError } from '../../../lib/api'
import { errorMessage } from '../../../lib/errors'
import { useDeleteTransaction } from '../api/deleteTransaction'
import { ChangedError, useSaveTransaction } from '../api/saveTransaction'
import { useTransaction } from '../api/transaction'
import { invoiceHref, type Transaction } from '../api/keys'
import { DeleteDialog } from '../components/DeleteDialog'
import { formatDate, formatPence, todayISO } from '../format'
import { FREQUENCY_LABELS, KIND_LABELS, SAVE_FAILED, VAT_LABELS, fromTransaction, toInput } from '../rules'
import type { ToastState } from '../../../components/CarriedToast'
import '../../../app/shell/pages.css'
import '../wallet.css'

export default function TransactionPage() {
  return (
    <ToastProvider>
      <Details />
    </ToastProvider>
  )
}

function Details() {
  const { id = '' } = useParams()
  const q = useTransaction(id)
  if (q.isPending)
    return (
      <div className="wl-loading">
        <Spinner />
      </div>
    )
  if (q.isError) {
    if (q.error instanceof ApiError && q.error.status === 404) return <NotFound />
    return (
      <p className="form-message form-message--error" role="alert">
        {errorMessage(q.error)}
      </p>
    )
  }
  return <DetailsOf t={q.data} />
}

function DetailsOf({ t }: { t: Transaction }) {
  const navigate = useNavigate()
  const toast = useToast()
  const del = useDeleteTransaction()
  const [asking, setAsking] = useState(false)
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/wallet'))
  const rows: Array<[string, string]> = [
    ['Property', t.propertyLabel],
    ['Category', t.category],
    ['Date', formatDate(t.date)],
  ]
  if (t.kind !== 'loan') {
    rows.push(['VAT', VAT_LABELS[t.vat] + (t.vat === 'add' ? `: ${formatPence(t.vatPence)}` : '')])
    if (t.vat === 'add') rows.push(['Amount before VAT', formatPence(t.netPence)], ['Total with VAT', formatPence(t.grossPence)])
    const party = [t.party.type === 'tenant' ? 'Tenant' : t.party.type === 'vendor' ? 'Vendor' : '', t.party.person].filter(Boolean).join(': ')
    if (party) rows.push([t.kind === 'income' ? 'From' : 'Paid to', party])
    if (t.party.orderNumber) rows.push(['Order number', t.party.orderNumber])
    rows.push(['Tax deductible', t.taxDeductible ? 'Yes' : 'No'])
    rows.push(['Frequency', FREQUENCY_LABELS[t.frequency] + (t.frequency !== 'one-off' ? (t.endDate ? `, until ${formatDate(t.endDate)}` : ', until ended') : '')])
    if (t.kind === 'expense' && t.recoverable) rows.push(['Recoverable', `${formatPence(t.recoverPence)} from ${t.debtor}`])
  } else {
    rows.push(["Lender's name", t.lenderName], ['Tenure', t.tenureYears === 1 ? '1 year' : `${t.tenureYears} years`])
  }
  if (t.box) rows.push(['SA105', /^\d+$/.test(t.box) ? `Box ${t.box}: ${t.boxLabel}` : t.boxLabel])

  return (
    <div className="wl-page wl-details">
      <div className="wl-details__bar">
        <button type="button" className="button button--outline button--small" onClick={back}>
          <ArrowLeft aria-hidden size={18} /> Back
        </button>
        <div className="wl-details__actions">
          <Link className="button button--outline button--small" to={`/wallet/t/${encodeURIComponent(t.id)}/edit`}>
            <Pencil aria-hidden size={18} /> Edit
          </Link>
          <button type="button" className="button button--danger button--small" onClick={() => setAsking(true)}>
            <Trash2 aria-hidden size={18} /> Delete
          </button>
        </div>
      </div>
      <article className="wl-panel" aria-labelledby="wl-details-title">
        <p className={`wl-kind wl-kind--${t.kind}`}>{KIND_LABELS[t.kind]}</p>
        <h1 id="wl-details-title" className="wl-details__title">
          {t.description}
        </h1>
        <p className={`wl-details__amount wl-row__amount--${t.kind}`}>{formatPence(t.grossPence)}</p>
        {t.kind === 'expense' ? <p className={`wl-tag wl-tag--big ${t.paid ? 'wl-tag--ok' : 'wl-tag--warn'}`}>{t.paid ? 'PAID' : 'NOT PAID'}</p> : null}
        {t.source ? (
          <p className="wl-source">
            From <Link to={t.source.link}>{t.source.label}</Link>
          </p>
        ) : null}
        <dl className="wl-dl">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </article>
      {t.frequency !== 'one-off' && !t.endDate && t.date <= todayISO() ? <EndRepeats t={t} /> : null}
      {t.kind !== 'loan' ? <InvoiceBox t={t} /> : null}
      <DeleteDialog
        open={asking}
        busy={del.isPending}
        detail={t.frequency !== 'one-off' ? 'Every repeat of this entry goes with it.' : undefined}
        onNo={() => setAsking(false)}
        onYes={() =>
          del.mutate(t.id, {
            onSuccess: () => navigate('/wallet', { replace: true, state: { toast: 'Transaction deleted' } satisfies ToastState }),
            onError: () => {
              setAsking(false)
              toast('error', SAVE_FAILED)
            },
          })
        }
      />
    </div>
  )
}

/** EndRepeats stops a weekly or monthly entry today: the occurrences so far stay, none come after. */
function EndRepeats({ t }: { t: Transaction }) {
  const save = useSaveTransaction(t.id, t.revision)
  const toast = useToast()
  return (
    <section className="wl-panel wl-repeats" aria-label="Repeats">
      <p>
        Repeats {FREQUENCY_LABELS[t.frequency].toLowerCase()} until you end it. Ending it today keeps every occurrence so far.
      </p>
      <button
        type="button"
        className="button button--outline button--small"
        disabled={save.isPending}
        onClick={() =>
          save.mutate(
            { input: { ...toInput(fromTransaction(t)), endDate: todayISO() } },
            {
              onSuccess: () => toast('success', 'It repeats no more after today'),
              onError: (e) =>
                toast('error', e instanceof ChangedError ? 'This entry was changed elsewhere: it now shows the current details. Please try again.' : SAVE_FAILED),
            },
          )
        }
      >
        End repeats today
      </button>
    </section>
  )
}

const kb = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`)

function InvoiceBox({ t }: { t: Transaction }) {
  const inv = t.invoice
  return (
    <section className="wl-panel" aria-labelledby="wl-invoice-title">
      <h2 id="wl-invoice-title" className="wl-section-title">
        Invoice
      </h2>
      {!inv ? (
        <p className="wl-muted">
          No invoice. <Link to={`/wallet/t/${encodeURIComponent(t.id)}/edit`}>Add one</Link>
        </p>
      ) : (
        <>
          {inv.contentType.startsWith('image/') ? (
            <img className="wl-invoice-img" src={invoiceHref(t.id)} alt={`Invoice ${inv.name}`} />
          ) : (
            // The site is never framed (its security headers), so a PDF opens in its own tab.
            <p className="wl-invoice-file">
              <FileText aria-hidden size={28} />
              <span>
                <strong>{inv.name}</strong>
                <span className="wl-muted">
                  PDF, {kb(inv.size)}
                </span>
              </span>
            </p>
          )}
          <p className="wl-invoice-links">
            <a className="button button--outline button--small" href={invoiceHref(t.id)} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden size={18} /> View invoice
            </a>
            <a className="button button--outline button--small" href={invoiceHref(t.id, true)} download>
              <Download aria-hidden size={18} /> Download
            </a>
          </p>
        </>
      )}
    </section>
  )
}
