// Check-out against check-in (issue 15, part 4): room by room and item by
// item, the check-in record beside the check-out one, what got worse first
// and marked, then what went missing or is new. Made for a phone: each line
// is a card with the two records one above the other, side by side on
// wider screens.
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { useComparison, type ComparisonLine } from '../api/comparison'
import { OtherReportPhotos, Thumbs } from './Photos'

const CHANGE: Record<ComparisonLine['change'], string> = {
  worse: 'Worse at check-out',
  missing: 'Missing at check-out',
  new: 'New at check-out',
  better: 'Better at check-out',
  notInspected: 'Not inspected',
  same: 'Unchanged',
}

type Side = ComparisonLine['checkIn']
const quiet = (s: Side) => !s || (!s.rating && !s.cleanliness && !s.notes && !s.photos.length && !s.damage?.length)

function Record({ title, side, label, empty = 'Not recorded' }: { title: string; side: Side; label: string; empty?: string }) {
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
      ) : null}
      {quiet(side) ? <p className="inv-muted">{empty}</p> : null}
      {side?.photos.length ? <Thumbs names={side.photos} label={label} /> : null}
    </div>
  )
}

export function Comparison({ reportId }: { reportId: string }) {
  const q = useComparison(reportId)
  if (q.isPending) return <Spinner label="Comparing with the check-in report" />
  if (q.isError) return <FormMessage kind="info">{errorMessage(q.error)}</FormMessage>
  const { lines, named, checkInPhotos, checkInEvidence } = q.data
  const changed = lines.filter((l) => l.change !== 'same' && l.change !== 'notInspected').length
  const notInspected = lines.filter((l) => l.change === 'notInspected').length
  const nameOf = (l: ComparisonLine) => (l.item ? `${l.room} > ${l.item}` : `${l.room} (room)`)
  // A line with nothing to show on either side takes one line, not a card.
  const short = (l: ComparisonLine) => (l.change === 'same' || l.change === 'notInspected') && quiet(l.checkIn) && quiet(l.checkOut)
  const cards = lines.filter((l) => !short(l))
  const rows = lines.filter(short)
  return (
    <section className="inv-cmp" aria-labelledby="inv-cmp-title">
      <h2 id="inv-cmp-title">Check-in against check-out</h2>
      <p className="inv-cmp__named">{named}</p>
      <p className="inv-muted">
        {changed === 0 ? 'Nothing recorded so far differs from the check-in report.' : `${changed} of ${lines.length} lines differ from the check-in report; the worst come first.`}
        {notInspected > 0 ? ` ${notInspected} not inspected yet.` : ''}
      </p>
      <ul className="inv-cmp__lines">
        {cards.map((l) => {
          const name = nameOf(l)
          return (
            <li key={`${l.side}/${l.room}/${l.item}`} className={`inv-cmp__line inv-cmp__line--${l.change}`} aria-label={`${name}: ${CHANGE[l.change]}`}>
              <div className="inv-cmp__head">
                <h3>{name}</h3>
                <span className={`inv-cmp__tag inv-cmp__tag--${l.change}`}>{CHANGE[l.change]}</span>
              </div>
              <div className="inv-cmp__sides">
                <OtherReportPhotos photos={checkInPhotos} evidence={checkInEvidence}>
                  <Record title="Check-in" side={l.checkIn} label={`${name} at check-in`} />
                </OtherReportPhotos>
                <Record title="Check-out" side={l.checkOut} label={`${name} at check-out`}
                  empty={l.change === 'notInspected' ? 'Not inspected yet' : l.change === 'missing' ? 'Not there at check-out' : 'Not recorded'} />
              </div>
            </li>
          )
        })}
      </ul>
      {rows.length > 0 ? (
        <ul className="inv-cmp__rows" aria-label="Nothing recorded to compare">
          {rows.map((l) => (
            <li key={`${l.side}/${l.room}/${l.item}`} className={`inv-cmp__row inv-cmp__row--${l.change}`} aria-label={`${nameOf(l)}: ${CHANGE[l.change]}`}>
              <span>{nameOf(l)}</span>
              <span className={`inv-cmp__tag inv-cmp__tag--${l.change}`}>{CHANGE[l.change]}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
