// The repair's deadlines (issue 44): both sides see the same clock, e.g.
// "Investigate by Thu 17 Dec 2026", legal or target, how it is counted, its
// source, and whether it was met.
import type { RepairDeadline } from '../api/repairs'
import { kindText, ukDateTime } from '../format'

const stateText: Record<string, string> = {
  open: 'Open',
  met: 'Met',
  met_late: 'Met late',
  missed: 'Missed',
  stopped: 'No longer running',
}

export function Clock({ deadlines }: { deadlines: RepairDeadline[] }) {
  if (deadlines.length === 0) return <p className="rp-muted">No deadlines apply yet.</p>
  return (
    <ul className="rp-clock">
      {deadlines.map((d) => (
        <li key={`${d.ruleId}-${d.round}`} className={`rp-clock__item rp-clock__item--${d.state}`}>
          <p className="rp-clock__label">
            <strong>{d.label}</strong>
            <span className={`rp-kindtag rp-kindtag--${d.kind}`}>{d.kind === 'legal' ? 'Legal' : 'Target'}</span>
          </p>
          <p className="rp-small">
            {d.title}: {d.counting} from {ukDateTime(d.triggerAt)} ({kindText(d.kind)}). <span className="rp-clock__state">{stateText[d.state] ?? d.state}</span>
            {d.metAt ? ` on ${ukDateTime(d.metAt)}` : ''}
            {d.noticeSentAt ? ` · notice sent ${ukDateTime(d.noticeSentAt)}` : ''}
          </p>
          {d.note ? <p className="rp-small rp-muted">{d.note}</p> : null}
          <p className="rp-small rp-muted">
            Source:{' '}
            {d.url ? <a href={d.url} target="_blank" rel="noreferrer">{d.source}</a> : d.source}
          </p>
        </li>
      ))}
    </ul>
  )
}
