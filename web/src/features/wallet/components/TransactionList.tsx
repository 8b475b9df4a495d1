// A list of occurrences (Recent Transactions, a category's transactions):
// each row opens the entry's details page. Income shows with a plus,
// expenses with a minus, loans as money received; PAID / NOT PAID,
// recoverable and repeating entries are tagged, and an occurrence dated
// after today is SCHEDULED (not yet paid or received).
import { Link } from 'react-router'
import { ArrowDownLeft, ArrowUpRight, Landmark, Repeat } from 'lucide-react'
import type { Occurrence } from '../api/keys'
import { formatDate, formatPence } from '../format'
import { FREQUENCY_LABELS, NO_TRANSACTIONS } from '../rules'

const ICONS = { income: ArrowDownLeft, expense: ArrowUpRight, loan: Landmark }

export function signedAmount(o: Occurrence): string {
  const t = o.transaction
  if (t.kind === 'income') return `+${formatPence(t.grossPence)}`
  if (t.kind === 'expense') return `−${formatPence(t.grossPence)}`
  return formatPence(t.grossPence)
}

export function TransactionList({ items, label, empty = NO_TRANSACTIONS }: { items: Occurrence[]; label: string; empty?: string }) {
  if (items.length === 0) return <p className="wl-empty">{empty}</p>
  return (
    <ul className="wl-rows" aria-label={label}>
      {items.map((o) => {
        const t = o.transaction
        const Icon = ICONS[t.kind]
        return (
          <li key={`${t.id}-${o.occurrenceDate}`} className={o.scheduled ? 'wl-rows__scheduled' : undefined}>
            <Link to={`/wallet/t/${encodeURIComponent(t.id)}`} className="wl-row">
              <span className={`wl-row__icon wl-row__icon--${t.kind}`} aria-hidden="true">
                <Icon size={18} />
              </span>
              <span className="wl-row__main">
                <span className="wl-row__title">{t.description}</span>
                <span className="wl-row__meta">{[t.category, t.propertyLabel].filter(Boolean).join(' · ')}</span>
                <span className="wl-row__tags">
                  <span className="visually-hidden">{t.kind === 'income' ? 'Income' : t.kind === 'expense' ? 'Expense' : 'Loan'}, </span>
                  {o.scheduled ? (
                    // Dated after today: to come, not yet paid or received.
                    <span className="wl-tag wl-tag--scheduled">SCHEDULED</span>
                  ) : t.kind === 'expense' ? (
                    <span className={`wl-tag ${t.paid ? 'wl-tag--ok' : 'wl-tag--warn'}`}>{t.paid ? 'PAID' : 'NOT PAID'}</span>
                  ) : null}
                  {t.recoverable ? <span className="wl-tag">Recoverable {formatPence(t.recoverPence)}</span> : null}
                  {t.frequency !== 'one-off' ? (
                    <span className="wl-tag">
                      <Repeat aria-hidden size={12} /> {FREQUENCY_LABELS[t.frequency]}
                    </span>
                  ) : null}
                  {t.invoice ? <span className="wl-tag">Invoice</span> : null}
                </span>
              </span>
              <span className="wl-row__side">
                <span className={`wl-row__amount wl-row__amount--${t.kind}`}>{signedAmount(o)}</span>
                <span className="wl-row__date">{formatDate(o.occurrenceDate)}</span>
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
