// The Properties view (spec 3 "Wallet"): a card per property with Profit,
// Rent paid and Rent due ('No transactions yet' when it has none), where
// its rent comes from, and the expected rent a landlord without an
// agreement sets by hand.
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Building2 } from 'lucide-react'
import { Dialog } from '../../../components/Dialog'
import { ButtonSpinner, Field, FormMessage } from '../../../components/Form'
import { useToast } from '../../../components/Toast'
import { errorMessage } from '../../../lib/errors'
import { useSetExpectedRent, useWalletProperties } from '../api/properties'
import type { PropertyCard } from '../api/keys'
import { formatDate, formatPence, todayISO } from '../format'
import { parsePounds, penceToPounds } from '../money'
import { BAD_AMOUNT, FILL_ALL, NO_TRANSACTIONS, SAVE_FAILED } from '../rules'
import { PERIOD_NAMES, PeriodSelector, type Period } from './Choosers'
import { Loaded } from './Loaded'

export function PropertyCards({ period, onPeriod }: { period: Period; onPeriod: (p: Period) => void }) {
  const q = useWalletProperties(period)
  return (
    <div className="wl-props-view">
      <div className="wl-bar">
        <PeriodSelector value={period} onChange={onPeriod} />
        {q.data ? (
          <p className="wl-bar__range">
            {formatDate(q.data.from)} – {formatDate(q.data.to)}
          </p>
        ) : null}
      </div>
      <Loaded q={q}>
        {(data) =>
          data.properties.length === 0 ? (
            <div className="wl-panel wl-empty-panel">
              <Building2 aria-hidden size={32} />
              <p>You have no properties yet.</p>
              <Link className="button" to="/profile/add">
                Add a property
              </Link>
            </div>
          ) : (
            <ul className="wl-props" aria-label="Properties">
              {data.properties.map((p) => (
                <li key={p.propertyId}>
                  <Card p={p} period={period} />
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </div>
  )
}

const SOURCE: Record<PropertyCard['rentSource'], string> = {
  agreement: 'Rent from the tenancy agreement',
  manual: 'Expected rent set by you',
  none: 'No rent expected yet',
}

function Card({ p, period }: { p: PropertyCard; period: Period }) {
  const [editing, setEditing] = useState(false)
  const titleId = `wl-prop-${p.propertyId}`
  return (
    <article className="wl-prop" aria-labelledby={titleId}>
      <h2 id={titleId} className="wl-prop__title">
        {p.propertyLabel}
      </h2>
      {p.transactionCount === 0 ? <p className="wl-empty wl-empty--inline">{NO_TRANSACTIONS}</p> : null}
      <dl className="wl-prop__figures">
        <div>
          <dt>Profit</dt>
          <dd className={p.profitPence < 0 ? 'is-negative' : undefined}>{formatPence(p.profitPence)}</dd>
        </div>
        <div>
          <dt>Rent paid</dt>
          <dd>{formatPence(p.rentPaidPence)}</dd>
        </div>
        <div>
          <dt>Rent due</dt>
          <dd>{formatPence(p.rentDuePence)}</dd>
        </div>
      </dl>
      <p className="wl-muted wl-prop__period">In {PERIOD_NAMES[period]}</p>
      {p.rentOverduePence > 0 ? <p className="wl-prop__overdue">Rent overdue: {formatPence(p.rentOverduePence)}</p> : null}
      <p className="wl-prop__source">
        {SOURCE[p.rentSource]}
        {p.rentSource === 'manual' && p.expectedRent ? `: ${formatPence(p.expectedRent.rentPence)} ${p.expectedRent.rentPeriod}` : ''}
        {p.nextDue ? ` · next ${formatPence(p.nextDue.amountPence)} due ${formatDate(p.nextDue.date)}` : ''}
      </p>
      <div className="wl-prop__actions">
        <Link className="button button--outline button--small" to={`/wallet/tax-year?propertyId=${encodeURIComponent(p.propertyId)}`}>
          Tax year
        </Link>
        {p.rentSource !== 'agreement' ? (
          <button type="button" className="button button--outline button--small" onClick={() => setEditing(true)}>
            {p.rentSource === 'manual' ? 'Change expected rent' : 'Set expected rent'}
          </button>
        ) : null}
      </div>
      <Dialog open={editing} onClose={() => setEditing(false)} title="Expected rent">
        <ExpectedRentForm p={p} onDone={() => setEditing(false)} />
      </Dialog>
    </article>
  )
}

function ExpectedRentForm({ p, onDone }: { p: PropertyCard; onDone: () => void }) {
  const toast = useToast()
  const set = useSetExpectedRent(p.propertyId)
  const e = p.expectedRent
  const [amount, setAmount] = useState(e ? penceToPounds(e.rentPence) : '')
  const [period, setPeriod] = useState<'monthly' | 'weekly'>(e?.rentPeriod ?? 'monthly')
  const [first, setFirst] = useState(e?.firstDueDate ?? todayISO())
  const [end, setEnd] = useState(e?.endDate ?? '')
  const [message, setMessage] = useState('')
  const pence = parsePounds(amount)

  function submit(ev: FormEvent) {
    ev.preventDefault()
    if (!amount.trim() || !first) return setMessage(FILL_ALL)
    if (pence === null || pence <= 0) return setMessage(BAD_AMOUNT)
    set.mutate(
      { rentPence: pence, rentPeriod: period, firstDueDate: first, endDate: end },
      {
        onSuccess: () => {
          toast('success', 'Expected rent saved')
          onDone()
        },
        onError: (err) => setMessage(errorMessage(err) || SAVE_FAILED),
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate className="wl-rent-form">
      <p className="wl-muted">For {p.propertyLabel}, when it has no tenancy agreement here. Each due date without Rent income recorded by then is overdue.</p>
      <FormMessage kind="error">{message}</FormMessage>
      <Field id="wl-rent-amount" label="Rent (£)">
        <div className="wl-money">
          <span aria-hidden="true">£</span>
          <input id="wl-rent-amount" type="text" inputMode="decimal" value={amount} onChange={(ev) => setAmount(ev.target.value)} />
        </div>
      </Field>
      <Field id="wl-rent-period" label="Rent period">
        <select id="wl-rent-period" value={period} onChange={(ev) => setPeriod(ev.target.value as 'monthly' | 'weekly')}>
          <option value="monthly">Monthly</option>
          <option value="weekly">Weekly</option>
        </select>
      </Field>
      <Field id="wl-rent-first" label="First payment date">
        <input id="wl-rent-first" type="date" value={first} onChange={(ev) => setFirst(ev.target.value)} />
      </Field>
      <Field id="wl-rent-end" label="Last payment date (optional)">
        <input id="wl-rent-end" type="date" value={end} min={first || undefined} onChange={(ev) => setEnd(ev.target.value)} />
      </Field>
      <div className="confirm__actions">
        {e ? (
          <button
            type="button"
            className="button button--outline"
            disabled={set.isPending}
            onClick={() => set.mutate(null, { onSuccess: () => (toast('success', 'Expected rent removed'), onDone()), onError: () => setMessage(SAVE_FAILED) })}
          >
            Remove
          </button>
        ) : null}
        <button type="submit" className="button" disabled={set.isPending} aria-busy={set.isPending}>
          {set.isPending ? <ButtonSpinner /> : null}
          Save
        </button>
      </div>
    </form>
  )
}
