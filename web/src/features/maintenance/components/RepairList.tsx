// A list of repairs (GET /api/repairs): each with its status, priority and
// the date the landlord is due to act by, legal or target. The landlord also
// sees the address of each; a tenant sees their home's.
import { Link } from 'react-router'
import type { RepairItem } from '../api/repairs'
import { kindText, priorityText } from '../format'

type Props = { repairs: RepairItem[]; landlord: boolean }

export function RepairList({ repairs, landlord }: Props) {
  const open = repairs.filter((r) => r.open)
  const closed = repairs.filter((r) => !r.open)
  return (
    <>
      <section className="rp-section" aria-labelledby="rp-open-title">
        <h2 id="rp-open-title" className="rp-h2">Open repairs ({open.length})</h2>
        {open.length === 0 ? <p className="rp-muted">No open repairs.</p> : <Items repairs={open} landlord={landlord} />}
      </section>
      <section className="rp-section" aria-labelledby="rp-closed-title">
        <h2 id="rp-closed-title" className="rp-h2">Closed repairs ({closed.length})</h2>
        {closed.length === 0 ? <p className="rp-muted">No closed repairs.</p> : <Items repairs={closed} landlord={landlord} />}
      </section>
    </>
  )
}

function Items({ repairs, landlord }: Props) {
  return (
    <ul className="rp-list">
      {repairs.map((r) => (
        <li key={r.id} className="rp-card">
          <div className="rp-card__top">
            <Link className="rp-card__title" to={`/maintenance/${r.id}`}>
              {r.categoryName}{r.room ? `: ${r.room}` : ''}
            </Link>
            <span className={`rp-badge rp-badge--${r.priority}`}>{priorityText[r.priority] ?? r.priority}</span>
          </div>
          {landlord ? <p className="rp-muted rp-small">{r.address}</p> : null}
          <p className="rp-card__status">
            <span className="rp-status">{r.statusText}</span>
            {r.repeats > 0 ? <span className="rp-muted rp-small"> · repeat repair</span> : null}
          </p>
          {r.nextDue ? (
            <p className={r.overdue ? 'rp-due rp-due--overdue' : 'rp-due'}>
              {r.nextDue.label} <span className="rp-kind">({kindText(r.nextDue.kind)})</span>
              {r.overdue ? <strong> · overdue</strong> : null}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
