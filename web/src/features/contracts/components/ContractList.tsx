// The three contract lists (spec 2, "Contract list screen"): columns
// Property (first address line), Contract type, Created at and an action
// cell; a row opens the agreement; drafts can be deleted after a
// confirmation; completed rows have a download icon for the signed PDF.
// An agreement awaiting signatures whose start date passed before everyone
// signed (nobody can sign it now) is marked 'Start date passed', with the
// notice its page shows the reader (the landlord's says to withdraw it to
// change the date). On a phone the rows become cards.
import { useState } from 'react'
import { Download, Trash2 } from 'lucide-react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { useContracts } from '../api/listContracts'
import { useDeleteContract } from '../api/deleteContract'
import type { Contract, ListView } from '../api/types'
import { formatDate } from '../format'
import { formatDateTime } from '../../../components/signing/SignerList'
import { personName } from '../answers'

/** tenantNames tells two agreements for one property apart: who they are for. */
function tenantNames(c: Contract): string {
  return (c.answers?.tenants ?? []).map((t) => personName(t)).filter(Boolean).join(', ')
}

export const LIST_TITLES: Record<Exclude<ListView, 'all'>, string> = {
  draft: 'Draft Tenancy Contracts',
  awaiting: 'Contracts Awaiting Tenant Signature',
  completed: 'Completed Tenancy Contracts',
}
const EMPTY_NAMES: Record<Exclude<ListView, 'all'>, string> = { draft: 'Draft', awaiting: 'Awaiting Signature', completed: 'Completed' }

/** START_DATE_PASSED marks an agreement nobody can sign now: its start date passed before everyone signed. */
export const START_DATE_PASSED = 'Start date passed'

type Props = { view: Exclude<ListView, 'all'>; landlord: boolean; onOpen: (id: string) => void; onCreate: () => void }

export function ContractList({ view, landlord, onOpen, onCreate }: Props) {
  const q = useContracts(view)
  const del = useDeleteContract()
  const [doomed, setDoomed] = useState<Contract | null>(null)
  const rows = q.data
  return (
    <section className="panel cw-list" aria-labelledby="cw-list-title">
      <div className="cw-list__head">
        <h1 id="cw-list-title" className="page__title">{LIST_TITLES[view]}</h1>
        {landlord ? <button type="button" className="button" onClick={onCreate}>CREATE NEW TENANCY CONTRACT</button> : null}
      </div>
      {q.isPending ? <p className="cw-muted" role="status">Populating contracts...</p> : null}
      {q.isError ? <FormMessage kind="error">error retrieving contracts...</FormMessage> : null}
      {q.isSuccess && !rows ? <FormMessage kind="error">Something went wrong, please try again</FormMessage> : null}
      {rows && rows.length === 0 ? <p className="cw-muted">No {EMPTY_NAMES[view]} Contracts</p> : null}
      {rows && rows.length > 0 ? (
        <table className="cw-table">
          <thead>
            <tr>
              <th scope="col">Property</th>
              <th scope="col">Tenants</th>
              <th scope="col">Contract type</th>
              <th scope="col">{view === 'draft' ? 'Last changed' : 'Created at'}</th>
              <th scope="col"><span className="visually-hidden">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id} onClick={() => onOpen(c.id)}>
                <td data-label="Property">
                  <button type="button" className="link-button cw-table__open" onClick={(e) => { e.stopPropagation(); onOpen(c.id) }}>
                    {c.property.addrFirstLine || 'Property'}
                  </button>
                  {c.startDatePassed ? (
                    <>
                      {' '}<span className="cw-badge">{START_DATE_PASSED}</span>
                      {c.notice ? <span className="cw-table__notice">{c.notice}</span> : null}
                    </>
                  ) : null}
                </td>
                <td data-label="Tenants">{tenantNames(c) || 'No tenants yet'}</td>
                <td data-label="Contract type">{c.contractType || '-'}</td>
                {view === 'draft' ? (
                  <td data-label="Last changed">{formatDateTime(c.updatedAt)}</td>
                ) : (
                  <td data-label="Created at">{formatDate(c.createdAt)}</td>
                )}
                <td className="cw-table__actions">
                  {view === 'draft' && c.mine ? (
                    <button type="button" className="icon-button" aria-label={`Delete draft for ${c.property.addrFirstLine}`}
                      onClick={(e) => { e.stopPropagation(); setDoomed(c) }}>
                      <Trash2 size={18} aria-hidden="true" />
                    </button>
                  ) : null}
                  {c.status === 'COMPLETED' ? (
                    <a className="icon-button" href={`/api/contracts/${encodeURIComponent(c.id)}/pdf`} download
                      aria-label={`Download ${c.property.addrFirstLine || 'the agreement'}`} onClick={(e) => e.stopPropagation()}>
                      <Download size={18} aria-hidden="true" />
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ConfirmDialog open={!!doomed} title="Delete this draft?" confirmLabel="Delete" danger busy={del.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() => doomed && del.mutate(doomed.id, { onSuccess: () => setDoomed(null) })}>
        <p>The draft for {doomed?.property.addrFirstLine} and its answers will be deleted. This cannot be undone.</p>
        {del.isError ? <FormMessage kind="error">{errorMessage(del.error)}</FormMessage> : null}
      </ConfirmDialog>
    </section>
  )
}
