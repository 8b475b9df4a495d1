// The tax year (6 April to 5 April) in the boxes of HMRC's UK property
// pages (SA105): income, allowable expenses, residential finance costs apart
// (a 20% tax credit, not a deduction), what is not allowable, the property
// allowance and rent-a-room thresholds, Making Tax Digital and the quarters'
// totals. Each category opens its transactions. Downloads: the summary CSV,
// the year's transactions CSV and its invoices as one ZIP.
import { Link } from 'react-router'
import { CalendarClock, Download, FileArchive, Info } from 'lucide-react'
import { Spinner } from '../../../components/Spinner'
import { useTaxYear } from '../api/taxYear'
import { useWalletProperties } from '../api/properties'
import { invoicesZipHref, taxYearCsvHref, transactionsCsvHref, type TaxBox, type TaxYear } from '../api/keys'
import { formatDate, formatPence } from '../format'
import { Loaded } from './Loaded'

type Props = { year?: number; propertyId: string; onChange: (year: number | undefined, propertyId: string) => void }

export function TaxYearView({ year, propertyId, onChange }: Props) {
  const q = useTaxYear(year, propertyId)
  const props = useWalletProperties()
  const d = q.data
  return (
    <div className="wl-tax">
      <div className="wl-bar wl-bar--wrap">
        <div className="field wl-inline-field">
          <label htmlFor="wl-tax-year">Tax year</label>
          <select id="wl-tax-year" value={d?.year ?? year ?? ''} onChange={(e) => onChange(Number(e.target.value) || undefined, propertyId)}>
            {(d?.years ?? (year ? [year] : [])).map((y) => (
              <option key={y} value={y}>
                {y}-{String((y + 1) % 100).padStart(2, '0')} (6 Apr {y} – 5 Apr {y + 1})
              </option>
            ))}
          </select>
        </div>
        <div className="field wl-inline-field">
          <label htmlFor="wl-tax-property">Property</label>
          <select id="wl-tax-property" value={propertyId} onChange={(e) => onChange(year ?? d?.year, e.target.value)}>
            <option value="">All properties</option>
            {(props.data?.properties ?? []).map((p) => (
              <option key={p.propertyId} value={p.propertyId}>
                {p.propertyLabel}
              </option>
            ))}
          </select>
        </div>
        {q.isFetching && d ? <Spinner /> : null}
      </div>
      <Loaded q={q}>{(d) => <TaxYearBody d={d} />}</Loaded>
    </div>
  )
}

/**
 * ScheduledNote says what the figures count: entries dated after today are
 * scheduled (not yet paid or received) and count once their date has come.
 */
export function ScheduledNote({ d }: { d: TaxYear }) {
  if (d.countedTo >= d.end && d.scheduled.count === 0) return null
  const sc = d.scheduled
  const parts = [sc.incomePence > 0 ? `${formatPence(sc.incomePence)} income` : '', sc.expensesPence > 0 ? `${formatPence(sc.expensesPence)} expenses` : '']
    .filter(Boolean)
    .join(' and ')
  return (
    <p className="wl-scheduled-note" data-testid="wl-scheduled-note">
      <CalendarClock aria-hidden size={18} />
      <span>
        {d.countedTo < d.start ? 'This tax year has not started: nothing is counted yet.' : `Counted up to today, ${formatDate(d.countedTo)}.`} Entries dated
        after today are scheduled, not paid: they count here once their date has come.
        {sc.count > 0 ? ` Still to come this tax year: ${sc.count} ${sc.count === 1 ? 'entry' : 'entries'}${parts ? `, ${parts}` : ''}.` : ''}
      </span>
    </p>
  )
}

function TaxYearBody({ d }: { d: TaxYear }) {
  const link = (b: { box?: string; category?: string }) => {
    const p = new URLSearchParams({ from: d.start, to: d.end })
    if (d.propertyId) p.set('propertyId', d.propertyId)
    if (b.category) p.set('category', b.category)
    if (b.box) p.set('box', b.box)
    return `/wallet/transactions?${p.toString()}`
  }
  return (
    <>
      <section className="wl-panel" aria-labelledby="wl-tax-summary">
        <h2 id="wl-tax-summary" className="wl-section-title">
          Tax year {d.label}: {formatDate(d.start)} to {formatDate(d.end)}
        </h2>
        <dl className="wl-tax__totals">
          <div>
            <dt>Property income</dt>
            <dd>{formatPence(d.incomeTotalPence)}</dd>
          </div>
          <div>
            <dt>Allowable expenses</dt>
            <dd>{formatPence(d.expensesTotalPence)}</dd>
          </div>
          <div>
            <dt>Profit before finance costs</dt>
            <dd className={d.profitPence < 0 ? 'is-negative' : undefined}>{formatPence(d.profitPence)}</dd>
          </div>
          <div>
            <dt>Finance costs (20% credit)</dt>
            <dd>{formatPence(d.financeCosts.totalPence)}</dd>
          </div>
        </dl>
        <ScheduledNote d={d} />
        <div className="wl-panel__foot">
          <a className="button button--outline button--small" href={taxYearCsvHref(d.year, d.propertyId)} download>
            <Download aria-hidden size={18} /> Summary CSV
          </a>
          <a className="button button--outline button--small" href={transactionsCsvHref({ from: d.start, to: d.end, propertyId: d.propertyId })} download>
            <Download aria-hidden size={18} /> Transactions CSV
          </a>
          <a className="button button--outline button--small" href={invoicesZipHref(d.year, d.propertyId)} download>
            <FileArchive aria-hidden size={18} /> Invoices ZIP
          </a>
        </div>
      </section>

      <BoxTable title="Income" boxes={d.income} total={d.incomeTotalPence} link={link} />
      <BoxTable title="Allowable expenses" boxes={d.expenses} total={d.expensesTotalPence} link={link} />
      <BoxTable
        title="Residential finance costs"
        boxes={[d.financeCosts]}
        link={link}
        note={`Not deducted: they give a basic-rate tax credit of 20%, ${formatPence(d.financeCosts.taxCreditPence)} for this year.`}
      />
      {d.notAllowable.totalPence > 0 || d.notAllowable.categories.length > 0 ? (
        <BoxTable
          title="Not allowable"
          boxes={[d.notAllowable]}
          link={link}
          note="Capital costs (improvements) and entries not marked tax deductible are left out of the profit."
        />
      ) : null}
      {d.loansPence > 0 || d.vatOnIncomePence > 0 ? (
        <section className="wl-panel">
          <h2 className="wl-section-title">Left out of the profit</h2>
          <dl className="wl-tax__totals">
            {d.loansPence > 0 ? (
              <div>
                <dt>Loans received (capital)</dt>
                <dd>{formatPence(d.loansPence)}</dd>
              </div>
            ) : null}
            {d.vatOnIncomePence > 0 ? (
              <div>
                <dt>VAT added on income</dt>
                <dd>{formatPence(d.vatOnIncomePence)}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : null}

      <section className={`wl-panel wl-mtd${d.mtd.crosses ? ' wl-mtd--crosses' : ''}`} aria-labelledby="wl-mtd-title">
        <h2 id="wl-mtd-title" className="wl-section-title">
          Making Tax Digital for Income Tax
        </h2>
        <p>{d.mtd.message}</p>
        <p className="wl-muted">
          Qualifying income recorded: {formatPence(d.mtd.qualifyingIncomePence)}; threshold {formatPence(d.mtd.thresholdPence)} from{' '}
          {formatDate(d.mtd.appliesFrom)}.
        </p>
        <table className="wl-table">
          <caption>Quarterly periods</caption>
          <thead>
            <tr>
              <th scope="col">Quarter</th>
              <th scope="col">Income</th>
              <th scope="col">Expenses</th>
            </tr>
          </thead>
          <tbody>
            {d.quarters.map((qq) => (
              <tr key={qq.start}>
                <th scope="row">
                  {formatDate(qq.start)} – {formatDate(qq.end)}
                </th>
                <td>{formatPence(qq.incomePence)}</td>
                <td>{formatPence(qq.expensesPence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="wl-panel" aria-labelledby="wl-allow-title">
        <h2 id="wl-allow-title" className="wl-section-title">
          <Info aria-hidden size={18} /> Allowances
        </h2>
        <ul className="wl-notes">
          {d.allowances.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
        <p className="wl-muted">Figures follow HMRC's UK property pages (SA105). This is bookkeeping help, not tax advice.</p>
      </section>
    </>
  )
}

function BoxTable({
  title,
  boxes,
  total,
  link,
  note,
}: {
  title: string
  boxes: TaxBox[]
  total?: number
  link: (b: { box?: string; category?: string }) => string
  note?: string
}) {
  return (
    <section className="wl-panel" aria-label={title}>
      <h2 className="wl-section-title">{title}</h2>
      {note ? <p className="wl-muted">{note}</p> : null}
      <table className="wl-table wl-table--boxes">
        <thead>
          <tr>
            <th scope="col">SA105 box</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {boxes.map((b) => (
            <BoxRows key={b.box} b={b} link={link} />
          ))}
        </tbody>
        {total !== undefined ? (
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{formatPence(total)}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </section>
  )
}

function BoxRows({ b, link }: { b: TaxBox; link: (b: { box?: string; category?: string }) => string }) {
  const boxName = /^\d+$/.test(b.box) ? `Box ${b.box}: ${b.label}` : b.label
  return (
    <>
      <tr className="wl-table__box">
        <th scope="row">{b.totalPence > 0 ? <Link to={link({ box: b.box })}>{boxName}</Link> : boxName}</th>
        <td>{formatPence(b.totalPence)}</td>
      </tr>
      {b.categories.map((c) => (
        <tr key={c.category} className="wl-table__cat">
          <th scope="row">
            <Link to={link({ category: c.category, box: b.box })}>
              {c.category}
              <span className="wl-muted"> ({c.count})</span>
            </Link>
          </th>
          <td>{formatPence(c.totalPence)}</td>
        </tr>
      ))}
    </>
  )
}
