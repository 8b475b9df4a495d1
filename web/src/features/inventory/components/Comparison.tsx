// Check-out against check-in (issue 15, part 4): room by room and item by
// item, the check-in record beside the check-out one, what got worse first
// and marked, then what went missing or is new. Made for a phone: each line
// is a card with the two records one above the other, side by side on
// wider screens.
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { useComparison, type ComparisonLine } from '../api/comparison'
import { Thumbs } from './Photos'

const CHANGE: Record<ComparisonLine['change'], string> = {
  worse: 'Worse at check-out',
  missing: 'Missing at check-out',
  new: 'New at check-out',
  better: 'Better at check-out',
  same: 'Unchanged',
}

function Record({ title, side, label }: { title: string; side: ComparisonLine['checkIn']; label: string }) {
  return (
    <div className="inv-cmp__side">
      <h4>{title}</h4>
      {side ? (
        <dl className="inv-dl">
          {side.rating ? (
            <>
              <dt>Condition</dt>
              <dd>{side.rating}</dd>
            </>
          ) : null}
          {side.cleanliness ? (
            <>
              <dt>Cleanliness</dt>
              <dd>{side.cleanliness}</dd>
            </>
          ) : null}
          {side.damage?.length ? (
            <>
              <dt>Damage</dt>
              <dd>{side.damage.join(', ')}</dd>
            </>
          ) : null}
          {side.notes ? (
            <>
              <dt>Notes</dt>
              <dd className="inv-pre">{side.notes}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="inv-muted">Not recorded</p>
      )}
      {side?.photos.length ? <Thumbs names={side.photos} label={label} /> : null}
    </div>
  )
}

export function Comparison({ reportId }: { reportId: string }) {
  const q = useComparison(reportId)
  if (q.isPending) return <Spinner label="Comparing with the check-in report" />
  if (q.isError) return <FormMessage kind="info">{errorMessage(q.error)}</FormMessage>
  const lines = q.data.lines
  const changed = lines.filter((l) => l.change !== 'same').length
  return (
    <section className="inv-cmp" aria-labelledby="inv-cmp-title">
      <h2 id="inv-cmp-title">Check-in against check-out</h2>
      <p className="inv-muted">
        {changed === 0 ? 'Nothing has changed since check-in.' : `${changed} of ${lines.length} lines differ from the check-in report; the worst come first.`}
      </p>
      <ul className="inv-cmp__lines">
        {lines.map((l) => {
          const name = l.item ? `${l.room} > ${l.item}` : `${l.room} (room)`
          return (
            <li key={`${l.side}/${l.room}/${l.item}`} className={`inv-cmp__line inv-cmp__line--${l.change}`} aria-label={`${name}: ${CHANGE[l.change]}`}>
              <div className="inv-cmp__head">
                <h3>{name}</h3>
                <span className={`inv-cmp__tag inv-cmp__tag--${l.change}`}>{CHANGE[l.change]}</span>
              </div>
              <div className="inv-cmp__sides">
                <Record title="Check-in" side={l.checkIn} label={`${name} at check-in`} />
                <Record title="Check-out" side={l.checkOut} label={`${name} at check-out`} />
              </div>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
