// Preview Report (spec 3 section 2): collapsible sections, the first three
// open; 'Pending' for a section without data; Documents and Compliance and
// Check-in only on check-in reports, Check-out only on check-out reports.
// Every photo opens full size. On a sent report each section shows its open
// dispute entries and a Dispute (the creator: Reply) button.
import type { ReactNode } from 'react'
import { MessageSquareWarning } from 'lucide-react'
import type { Condition, InventoryData, InventoryRoom, KeysAlarms } from '../api/keys'
import { formatDate, MSG, SECTION_TITLES, sectionHasData, sectionsFor, type SectionKey } from '../rules'
import { Thumbs } from './Photos'

function Cond({ c, label }: { c: Condition; label: string }) {
  return (
    <div className="inv-pv-cond">
      {c.rating ? <p><strong>Condition:</strong> {c.rating}</p> : null}
      {c.description ? <p className="inv-pre">{c.description}</p> : null}
      <Thumbs names={c.photos} label={`${label} photos`} />
    </div>
  )
}

function Rooms({ rooms }: { rooms: InventoryRoom[] }) {
  return (
    <>
      {rooms.map((r) => (
        <div key={r.tag} className="inv-pv-room">
          <h3>{r.tag}</h3>
          <Cond c={r.overview} label={r.tag} />
          {r.items.map((it) => (
            <div key={it.tag} className="inv-pv-item">
              <h4>{it.tag}</h4>
              <dl className="inv-dl">
                {it.overview?.rating ? (
                  <div><dt>Condition</dt><dd>{it.overview.rating}</dd></div>
                ) : null}
                {[...Object.entries(it.description), ...Object.entries(it.disputeAvoidance)].map(([k, v]) => (
                  <div key={k}><dt>{k}</dt><dd>{v.join(', ')}</dd></div>
                ))}
              </dl>
              {it.notes ? <p className="inv-pre">{it.notes}</p> : null}
              <Thumbs names={it.photos} label={`${it.tag} photos`} />
            </div>
          ))}
        </div>
      ))}
    </>
  )
}

function KA({ ka }: { ka: KeysAlarms }) {
  return (
    <>
      <h3>Keys</h3>
      <Cond c={ka.keys} label="Keys" />
      <h3>Alarm systems</h3>
      <Cond c={ka.alarms} label="Alarm systems" />
    </>
  )
}

function body(d: InventoryData, s: SectionKey): ReactNode {
  switch (s) {
    case 'settings': {
      const i = d.settings.inspector
      return (
        <>
          <Thumbs names={d.settings.coverPhoto ? [d.settings.coverPhoto] : []} label="Cover photo" />
          <dl className="inv-dl">
            <div><dt>Inspector</dt><dd>{[i.first, i.last].filter(Boolean).join(' ') || '-'}</dd></div>
            <div><dt>E-mail</dt><dd>{i.email || '-'}</dd></div>
            <div><dt>Students</dt><dd>{d.settings.students ? 'Yes' : 'No'}</dd></div>
            <div><dt>Pets</dt><dd>{d.settings.pets ? 'Yes' : 'No'}</dd></div>
          </dl>
        </>
      )
    }
    case 'overview': return <Cond c={d.overview} label="Property overview" />
    case 'inside': return <Rooms rooms={d.insideProperty} />
    case 'outside': return <Rooms rooms={d.outsideProperty} />
    case 'meters':
      return d.utilitiesAndMeters.map((m, i) => (
        <div key={i} className="inv-pv-item">
          <h3>{m.kind}</h3>
          <dl className="inv-dl">
            <div><dt>Location</dt><dd>{m.location}</dd></div>
            <div><dt>Reading</dt><dd>{m.reading}</dd></div>
            {m.supplier ? <div><dt>Supplier</dt><dd>{m.supplier}</dd></div> : null}
            {m.serial ? <div><dt>Serial number</dt><dd>{m.serial}</dd></div> : null}
            {m.notes ? <div><dt>Notes</dt><dd>{m.notes}</dd></div> : null}
          </dl>
          <Thumbs names={m.photos} label={`${m.kind} meter photos`} />
        </div>
      ))
    case 'documents':
      return d.documentsAndCompliance.map((doc, i) => (
        <div key={i} className="inv-pv-item">
          <h3>{doc.kind}</h3>
          <p>Expires {formatDate(doc.expiry)}</p>
          <Thumbs names={doc.files} label={`${doc.kind} pages`} />
        </div>
      ))
    case 'tenants':
      return (
        <ul className="inv-plain">
          {d.tenantDetails.map((t) => (
            <li key={t.id}>
              <strong>{[t.first, t.middle, t.last].filter(Boolean).join(' ')}</strong> · <span className="inv-wrap">{t.email}</span> · Move in {formatDate(t.moveIn)}
              {t.moveOut ? ` · Move out ${formatDate(t.moveOut)}` : null}
            </li>
          ))}
        </ul>
      )
    case 'landlord': return <p>{d.landlord.fullName} · <span className="inv-wrap">{d.landlord.email}</span></p>
    case 'checkin': return <KA ka={d.checkIn} />
    case 'checkout': return <KA ka={d.checkOut} />
  }
}

/** Disputes: on a sent report, each section's open entries and its Dispute (or, for the creator, Reply) button. */
export type PreviewDisputes = { open: Partial<Record<SectionKey, number>>; label: 'Dispute' | 'Reply' | 'Comments'; onOpen: (s: SectionKey) => void }

export function Preview({ type, data, actions, tag, disputes }: { type: string; data: InventoryData; actions?: ReactNode; tag?: ReactNode; disputes?: PreviewDisputes }) {
  return (
    <section className="inv-screen" aria-labelledby="inv-preview-title">
      <h1 id="inv-preview-title" className="page__title">Preview: {type}</h1>
      {tag ? <p className="inv-pv-tags">{tag}</p> : null}
      {sectionsFor(type).map((s, i) => {
        const open = disputes?.open[s] ?? 0
        return (
          <details key={s} className="inv-pv-section" open={i < 3}>
            <summary>
              {SECTION_TITLES[s]}
              {open > 0 ? (
                <span className="inv-count">
                  {open} open<span className="visually-hidden"> dispute {open === 1 ? 'entry' : 'entries'}</span>
                </span>
              ) : null}
            </summary>
            <div className="inv-pv-body">
              {sectionHasData(data, s) ? body(data, s) : <p className="inv-muted">{MSG.pending}</p>}
              {disputes ? (
                <div className="inv-pv-dispute">
                  <button type="button" className="button button--outline button--small" onClick={() => disputes.onOpen(s)}
                    aria-label={`${disputes.label} ${SECTION_TITLES[s]}`}>
                    <MessageSquareWarning aria-hidden size={18} /> {disputes.label}
                  </button>
                </div>
              ) : null}
            </div>
          </details>
        )
      })}
      {actions}
    </section>
  )
}
