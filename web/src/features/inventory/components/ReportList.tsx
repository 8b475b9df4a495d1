// A list of reports (spec 3 section 2): type, status, first address line and
// creation date; 'Loading ...' while fetching, 'No Reports' when empty. A
// draft opens in the editor and can be deleted after the spec's question;
// other reports open their preview.
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Download, Trash2 } from 'lucide-react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { useReports } from '../api/listReports'
import { useDeleteReport } from '../api/deleteReport'
import type { InventoryReport } from '../api/keys'
import { formatDate, MSG } from '../rules'
import { DisputedTag } from './Disputes'
import { VIEW_LABELS } from './SideMenu'

export function ReportList({ view }: { view: 'draft' | 'active' | 'completed' }) {
  const q = useReports(view)
  const navigate = useNavigate()
  const [doomed, setDoomed] = useState<InventoryReport | null>(null)
  const del = useDeleteReport({ onSuccess: () => setDoomed(null) })
  const open = (r: InventoryReport) =>
    navigate(r.status === 'Draft' && r.editable ? `/NewReport?id=${encodeURIComponent(r.id)}` : `/NewReport?id=${encodeURIComponent(r.id)}&view=preview`)
  return (
    <section className="panel inv-list" aria-labelledby="inv-list-title">
      <h1 id="inv-list-title" className="page__title">{VIEW_LABELS[view]}</h1>
      {q.isPending ? <p className="inv-muted" role="status">{MSG.loading}</p> : null}
      {q.isError ? <FormMessage kind="error">{errorMessage(q.error)}</FormMessage> : null}
      {q.data && q.data.length === 0 ? <p className="inv-muted">{MSG.noReports}</p> : null}
      {q.data && q.data.length > 0 ? (
        <ul className="inv-reports">
          {q.data.map((r) => (
            <li key={r.id} className="inv-report">
              <button type="button" className="inv-report__open" onClick={() => open(r)}>
                <strong>{r.type}</strong>
                <span>{r.property.addrFirstLine || 'Property'}</span>
                <span className="inv-muted">
                  {r.status === 'Disputed' ? <DisputedTag /> : <span className="inv-status">{r.statusText}</span>} · {formatDate(r.createdAt)}
                </span>
              </button>
              {view === 'draft' && r.mine ? (
                <button type="button" className="icon-button" aria-label={`Delete the ${r.type} for ${r.property.addrFirstLine ?? 'the property'}`}
                  onClick={() => { del.reset(); setDoomed(r) }}>
                  <Trash2 aria-hidden size={18} />
                </button>
              ) : null}
              {r.status !== 'Draft' ? (
                <a className="icon-button" href={`/api/inventory/reports/${encodeURIComponent(r.id)}/pdf`} download
                  aria-label={`Download the ${r.type} for ${r.property.addrFirstLine ?? 'the property'} as PDF`}>
                  <Download aria-hidden size={18} />
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog open={!!doomed} confirmLabel="Delete" danger busy={del.isPending} onCancel={() => setDoomed(null)}
        onConfirm={() => doomed && del.mutate(doomed.id)}>
        <p>{MSG.deleteReport}</p>
        {del.isError ? <FormMessage kind="error">{errorMessage(del.error)}</FormMessage> : null}
      </ConfirmDialog>
    </section>
  )
}
