// /wallet (spec 3 "Wallet"): the Overview, /wallet/properties the cards per
// property, /wallet/tax-year the tax year in HMRC's boxes, and
// /wallet/transactions a filtered list (the tax year's links). The period,
// filter, year and property are kept in the address.
import { Link, useParams, useSearchParams } from 'react-router'
import { ArrowLeft, Download } from 'lucide-react'
import { CarriedToast } from '../../../components/CarriedToast'
import NotFound from '../../../components/NotFound'
import { Spinner } from '../../../components/Spinner'
import { ToastProvider } from '../../../components/Toast'
import { errorMessage } from '../../../lib/errors'
import { useTransactions } from '../api/transactions'
import { transactionsCsvHref, type FilterParam } from '../api/keys'
import { parseFilter, parsePeriod, type Filter, type Period } from '../components/Choosers'
import { Overview } from '../components/Overview'
import { PropertyCards } from '../components/PropertyCards'
import { TaxYearView } from '../components/TaxYearView'
import { TransactionList } from '../components/TransactionList'
import { WalletNav, type WalletView } from '../components/WalletNav'
import { formatDate, formatPence } from '../format'
import '../../../app/shell/pages.css'
import '../wallet.css'

const VIEWS: Record<string, WalletView> = { properties: 'properties', 'tax-year': 'tax-year', transactions: 'transactions' }

export default function WalletPage() {
  const { view: param } = useParams()
  const view: WalletView | undefined = param === undefined ? 'overview' : VIEWS[param]
  if (!view) return <NotFound />
  return (
    <ToastProvider>
      <CarriedToast />
      <div className="wl-page">
        <WalletNav view={view} />
        <Body view={view} />
      </div>
    </ToastProvider>
  )
}

function Body({ view }: { view: WalletView }) {
  const [params, setParams] = useSearchParams()
  const period = parsePeriod(params.get('period'))
  const filter = parseFilter(params.get('filter'))
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params)
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v)
      else next.delete(k)
    }
    setParams(next, { replace: true })
  }
  const onPeriod = (p: Period) => set({ period: p === '1M' ? undefined : p })
  const onFilter = (f: Filter) => set({ filter: f === 'all' ? undefined : f })
  switch (view) {
    case 'overview':
      return <Overview period={period} filter={filter} onPeriod={onPeriod} onFilter={onFilter} />
    case 'properties':
      return <PropertyCards period={period} onPeriod={onPeriod} />
    case 'tax-year': {
      const year = Number(params.get('year')) || undefined
      return (
        <TaxYearView
          year={year}
          propertyId={params.get('propertyId') ?? ''}
          onChange={(y, p) => set({ year: y ? String(y) : undefined, propertyId: p || undefined })}
        />
      )
    }
    case 'transactions':
      return <Transactions />
  }
}

const FILTER_PARAMS: FilterParam[] = ['all', 'income', 'expense', 'loan', 'recoverable']
const parseFilterParam = (s: string | undefined) => FILTER_PARAMS.find((f) => f === s)

const FILTER_WORDS: Record<string, string> = { income: 'Income', expense: 'Expenses', loan: 'Loans', recoverable: 'Amounts recoverable' }

/** Transactions lists what the address asks for: a period, a category or SA105 box, a property. */
function Transactions() {
  const [params] = useSearchParams()
  const get = (k: string) => params.get(k) ?? undefined
  const q = { from: get('from'), to: get('to'), filter: parseFilterParam(get('filter')), propertyId: get('propertyId'), category: get('category'), box: get('box'), limit: 1000 }
  const list = useTransactions(q)
  const boxName = q.box ? (/^\d+$/.test(q.box) ? `SA105 box ${q.box}` : q.box === 'capital' ? 'Capital' : 'Not allowable') : ''
  const what = [q.category, boxName].filter(Boolean).join(', ') || (FILTER_WORDS[q.filter ?? ''] ?? 'All transactions')
  // The server adds up every matching entry as the tax year does (income without VAT added, expenses gross).
  const total = list.data?.money.profitPence
  const back = q.category || q.box ? '/wallet/tax-year' : '/wallet'
  return (
    <section className="wl-panel" aria-labelledby="wl-list-title">
      <p className="wl-back">
        <Link to={back}>
          <ArrowLeft aria-hidden size={16} /> Back
        </Link>
      </p>
      <h2 id="wl-list-title" className="wl-section-title">
        {what}
        {q.from && q.to ? (
          <span className="wl-muted">
            {' '}
            · {formatDate(q.from)} – {formatDate(q.to)}
          </span>
        ) : null}
      </h2>
      {list.isPending ? (
        <div className="wl-loading">
          <Spinner />
        </div>
      ) : list.isError ? (
        <p className="form-message form-message--error" role="alert">
          {errorMessage(list.error)}
        </p>
      ) : (
        <>
          <p className="wl-muted">
            {list.data.total} {list.data.total === 1 ? 'entry' : 'entries'}
            {total !== undefined && list.data.items.length > 0 && (q.category || q.box) ? `, ${formatPence(Math.abs(total))} in all` : ''}
            {list.data.scheduled.count > 0
              ? `. ${list.data.scheduled.count} scheduled (dated after today, ${formatPence(list.data.scheduled.incomePence + list.data.scheduled.expensesPence)}) ${list.data.scheduled.count === 1 ? 'is' : 'are'} not paid yet and not counted${q.category || q.box ? ' in this total' : ''}: each counts once its date has come.`
              : ''}
          </p>
          <TransactionList items={list.data.items} label={what} />
          <div className="wl-panel__foot">
            <a className="button button--outline button--small" href={transactionsCsvHref({ from: q.from, to: q.to, propertyId: q.propertyId, filter: q.filter, category: q.category, box: q.box })} download>
              <Download aria-hidden size={18} /> Download CSV
            </a>
          </div>
        </>
      )}
    </section>
  )
}
