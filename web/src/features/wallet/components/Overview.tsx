// The wallet overview (spec 3 "Wallet"): the period selector, the Profit
// card (with revenue and expenses) and the Rent paid card (with rent
// overdue), the overdue months, the chart of income and expenses by month,
// and Recent Transactions with the filter menu. Every figure comes from the
// server in pence.
import { Link } from 'react-router'
import { AlertTriangle, Download } from 'lucide-react'
import { Spinner } from '../../../components/Spinner'
import { useOverview } from '../api/overview'
import { transactionsCsvHref, type FilterParam, type Overdue, type Overview as OverviewData } from '../api/keys'
import { formatDate, formatPence } from '../format'
import { FILTER_LABELS, FilterMenu, PERIOD_NAMES, PeriodSelector, type Filter, type Period } from './Choosers'
import { MonthChart } from './MonthChart'
import { TransactionList } from './TransactionList'
import { AccountingHelp } from './AccountingHelp'
import { Loaded } from './Loaded'

type Props = { period: Period; filter: Filter; onPeriod: (p: Period) => void; onFilter: (f: Filter) => void }

/** RECENT: how many entries the overview lists; 'See all' opens the rest. */
export const RECENT = 10

const FILTER_PARAM: Record<Filter, FilterParam> = { all: 'all', income: 'income', expenses: 'expense', recoverable: 'recoverable' }

export function Overview({ period, filter, onPeriod, onFilter }: Props) {
  const q = useOverview(period, FILTER_PARAM[filter])
  const d = q.data
  const shown = d?.recent.slice(0, RECENT) ?? []
  return (
    <div className="wl-overview">
      <div className="wl-bar">
        <PeriodSelector value={period} onChange={onPeriod} />
        {d ? (
          <p className="wl-bar__range">
            {formatDate(d.from)} – {formatDate(d.to)}
          </p>
        ) : null}
        {q.isFetching && d ? <Spinner /> : null}
      </div>
      <Loaded q={q}>
        {(d) => (
          <>
            <Cards d={d} period={period} />
            {/* The rule is said once: with the payments when there are any, else under what is overdue. */}
            {d.rent.overdue.length > 0 ? <OverdueList overdue={d.rent.overdue} rule={d.rent.payments.length > 0 ? '' : d.rent.rule} /> : null}
            {d.rent.payments.length > 0 ? <RentPayments rent={d.rent} period={period} /> : null}
            <section className="wl-panel">
              <MonthChart months={d.months} />
            </section>
            <section className="wl-panel" aria-labelledby="wl-recent-title">
              <div className="wl-panel__head">
                <h2 id="wl-recent-title" className="wl-section-title">
                  Recent Transactions
                </h2>
                <FilterMenu value={filter} onChange={onFilter} />
              </div>
              <p className="wl-muted wl-recent__note" aria-live="polite">
                {FILTER_LABELS[filter]} in {PERIOD_NAMES[period]}
                {d.recentTotal > shown.length ? ` (the newest ${shown.length} of ${d.recentTotal})` : ''}
              </p>
              <TransactionList items={shown} label="Recent Transactions" />
              <div className="wl-panel__foot">
                {d.recentTotal > shown.length ? (
                  <Link to={`/wallet/transactions?from=${d.from}&to=${d.to}&filter=${FILTER_PARAM[filter]}`} className="button button--outline button--small">
                    See all {d.recentTotal}
                  </Link>
                ) : null}
                <a className="button button--outline button--small" href={transactionsCsvHref({ from: d.from, to: d.to, filter: FILTER_PARAM[filter] })} download>
                  <Download aria-hidden size={18} /> Download CSV
                </a>
              </div>
            </section>
            <AccountingHelp />
          </>
        )}
      </Loaded>
    </div>
  )
}

function Cards({ d, period }: { d: OverviewData; period: Period }) {
  const p = d.profit
  return (
    <div className="wl-cards">
      <section className="wl-card" aria-labelledby="wl-profit-title">
        <h2 id="wl-profit-title" className="wl-card__title">
          Profit
        </h2>
        <p className={`wl-card__figure${p.profitPence < 0 ? ' is-negative' : ''}`}>{formatPence(p.profitPence)}</p>
        <dl className="wl-card__lines">
          <div>
            <dt>Rev</dt>
            <dd className="wl-in">{formatPence(p.revenuePence)}</dd>
          </div>
          <div>
            <dt>Exp</dt>
            <dd className="wl-out">{formatPence(p.expensesPence)}</dd>
          </div>
          {d.loansPence > 0 ? (
            <div>
              <dt>Loans received</dt>
              <dd>{formatPence(d.loansPence)}</dd>
            </div>
          ) : null}
          {d.recoverablePence > 0 ? (
            <div>
              <dt>Owed back to you</dt>
              <dd>{formatPence(d.recoverablePence)}</dd>
            </div>
          ) : null}
        </dl>
        <p className="wl-card__note">In {PERIOD_NAMES[period]}</p>
      </section>
      <section className="wl-card" aria-labelledby="wl-rent-title">
        <h2 id="wl-rent-title" className="wl-card__title">
          Rent paid
        </h2>
        <p className="wl-card__figure">{formatPence(d.rent.paidPence)}</p>
        <dl className="wl-card__lines">
          <div>
            <dt>Rent due</dt>
            <dd>{formatPence(d.rent.duePence)}</dd>
          </div>
          <div className={d.rent.overduePence > 0 ? 'is-overdue' : undefined}>
            <dt>Rent overdue</dt>
            <dd>{formatPence(d.rent.overduePence)}</dd>
          </div>
        </dl>
        <p className="wl-card__note">Overdue counts every unpaid month to today; payments settle the oldest month first</p>
      </section>
    </div>
  )
}

/** RentPayments says which rent due date each payment of the period settled (oldest first: the rule). */
function RentPayments({ rent, period }: { rent: OverviewData['rent']; period: Period }) {
  return (
    <section className="wl-panel wl-settled" aria-labelledby="wl-settled-title">
      <h2 id="wl-settled-title" className="wl-section-title">
        Rent payments in {PERIOD_NAMES[period]}
      </h2>
      <p className="wl-muted wl-settled__rule">{rent.rule}</p>
      {rent.paymentsTotal > rent.payments.length ? (
        <p className="wl-muted">
          The newest {rent.payments.length} of {rent.paymentsTotal} payments
        </p>
      ) : null}
      <ul className="wl-settled__list">
        {rent.payments.map((p) => (
          <li key={p.transactionId}>
            <span className="wl-settled__what">
              <Link to={`/wallet/t/${encodeURIComponent(p.transactionId)}`}>{p.description}</Link>: <strong>{formatPence(p.amountPence)}</strong>{' '}
              on {formatDate(p.date)} · {p.propertyLabel}
            </span>
            <span className="wl-settled__how">{settledWords(p)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** settledWords: 'Settled the rent due 1 Oct 2026' (with the part when a due date was partly paid). */
export function settledWords(p: OverviewData['rent']['payments'][number]): string {
  const parts = p.settles.map((s) => `${formatPence(s.pence)} of the rent due ${formatDate(s.dueDate)}`)
  if (p.aheadPence > 0) parts.push(`${formatPence(p.aheadPence)} ahead of any rent due`)
  if (parts.length === 0) return 'Settled no rent due'
  if (p.settles.length === 1 && p.aheadPence === 0 && p.settles[0].pence === p.amountPence) return `Settled the rent due ${formatDate(p.settles[0].dueDate)}`
  return `Settled ${parts.join(', ')}`
}

function OverdueList({ overdue, rule }: { overdue: Overdue[]; rule: string }) {
  return (
    <section className="wl-overdue" aria-labelledby="wl-overdue-title">
      <h2 id="wl-overdue-title" className="wl-overdue__title">
        <AlertTriangle aria-hidden size={20} /> Rent overdue
      </h2>
      <ul className="wl-overdue__list">
        {overdue.map((o) => (
          <li key={`${o.propertyId}-${o.dueDate}`}>
            <span className="wl-overdue__what">
              <strong>{formatPence(o.outstandingPence)}</strong> due {formatDate(o.dueDate)} · {o.propertyLabel}
            </span>
            <span className="wl-overdue__days">
              {o.daysOverdue} {o.daysOverdue === 1 ? 'day' : 'days'} overdue
            </span>
          </li>
        ))}
      </ul>
      <p className="wl-muted wl-overdue__hint">Record the rent with Add Income, category Rent, for that property.{rule ? ` ${rule}` : ''}</p>
    </section>
  )
}
