// The repair's history (issue 44): every report, status change, message and
// notice, oldest first, never edited. historyValid says the chain holds.
import type { Repair } from '../api/repairs'
import { ukDateTime } from '../format'

const roleText: Record<string, string> = { tenant: 'Tenant', landlord: 'Landlord', system: 'OmniRent', contractor: 'Contractor' }

function who(e: Repair['history'][number]): string {
  const role = roleText[e.role] ?? e.role
  if (!e.name || e.text.includes(e.name)) return role
  return `${e.name} (${role.toLowerCase()})`
}

export function History({ repair }: { repair: Repair }) {
  return (
    <>
      <ol className="rp-history">
        {repair.history.map((e) => (
          <li key={e.seq} className={`rp-event rp-event--${e.kind}`}>
            <p className="rp-event__head">
              <strong>{e.text}</strong>
              <span className="rp-muted rp-small"> {who(e)} · <time dateTime={e.at}>{ukDateTime(e.at)}</time></span>
            </p>
            {e.body ? <p className="rp-event__body">{e.body}</p> : null}
          </li>
        ))}
      </ol>
      {!repair.historyValid ? <p className="field-error">This history does not check: an entry was changed after it was written.</p> : null}
    </>
  )
}
