// The property's contracts, reference checks or inventory reports (issue 16
// section 2), grouped by status, each opening in its own area; START NEW
// starts one there with the property chosen. The filters keep what needs
// action or is active; Edit mode opens an item to change it, Delete mode
// deletes the items the server allows (after a question).
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { ChevronRight, Pencil, Plus, Trash2 } from 'lucide-react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { useToast } from '../../../components/Toast'
import { errorMessage } from '../../../lib/errors'
import { useCreateContract } from '../../contracts/api/createContract'
import { useDocumentList } from '../api/documentList'
import { useDeleteItem } from '../api/deleteItem'
import type { DocumentItem, ListKind } from '../api/keys'
import { formatDay, MSG, type DocView } from '../rules'
import type { Filter, Mode } from './ActionsMenu'

type Group = { key: string; label: string; empty?: string }

const SETUP: Record<Exclude<DocView, 'Certificates'>, { kind: ListKind; groups: Group[]; noun: string; empty: string }> = {
  Contracts: {
    kind: 'contracts',
    noun: 'contract',
    empty: 'No contracts for this property yet.',
    groups: [
      { key: 'draft', label: 'Drafts' },
      { key: 'awaiting', label: 'Awaiting signatures' },
      { key: 'completed', label: 'Completed' },
    ],
  },
  ReferenceChecks: {
    kind: 'reference-checks',
    noun: 'reference check',
    empty: '',
    groups: [
      { key: 'active', label: 'Active', empty: MSG.noActiveChecks },
      { key: 'completed', label: 'Completed', empty: MSG.soEmpty },
    ],
  },
  InventoryReports: {
    kind: 'inventory-reports',
    noun: 'inventory report',
    empty: 'No inventory reports for this property yet.',
    groups: [
      { key: 'draft', label: 'Drafts' },
      { key: 'awaiting', label: 'Awaiting signatures' },
      { key: 'disputed', label: 'Disputed' },
      { key: 'active', label: 'Active' },
      { key: 'completed', label: 'Completed' },
    ],
  },
}

export function applyFilter<T extends { actionNeeded: boolean; active: boolean }>(items: T[], filter: Filter): T[] {
  if (filter === 'action') return items.filter((i) => i.actionNeeded)
  if (filter === 'active') return items.filter((i) => i.active)
  return items
}

type Props = { view: Exclude<DocView, 'Certificates'>; propertyId: string; filter: Filter; mode: Mode }

export function ItemList({ view, propertyId, filter, mode }: Props) {
  const setup = SETUP[view]
  const q = useDocumentList(setup.kind, propertyId)
  const toast = useToast()
  const [doomed, setDoomed] = useState<DocumentItem | null>(null)
  const del = useDeleteItem()
  const items = applyFilter(q.data ?? [], filter)
  // Groups the server adds later still show, after the known ones.
  const known = new Set(setup.groups.map((g) => g.key))
  const extra: Group[] = [...new Set(items.map((i) => i.group).filter((g) => !known.has(g)))].map((g) => ({ key: g, label: g }))
  const groups = [...setup.groups, ...extra]
  const alwaysShow = view === 'ReferenceChecks'

  return (
    <>
      <div className="docs-toolbar">
        <StartNew view={view} propertyId={propertyId} />
      </div>
      {q.isPending ? (
        <div className="docs-loading">
          <Spinner label={MSG.loading} />
        </div>
      ) : null}
      {q.isError ? <FormMessage kind="error">{errorMessage(q.error)}</FormMessage> : null}
      {q.data && !alwaysShow && items.length === 0 ? (
        <p className="docs-empty">{filter === 'all' ? setup.empty : 'Nothing here matches the filter.'}</p>
      ) : null}
      {q.data
        ? groups.map((g) => {
            const inGroup = items.filter((i) => i.group === g.key)
            if (inGroup.length === 0 && !(alwaysShow && g.empty)) return null
            return (
              <section key={g.key} className="docs-group" aria-labelledby={`docs-group-${g.key}`}>
                <h2 id={`docs-group-${g.key}`} className="docs-group__title">
                  {g.label} <span className="docs-group__n">{inGroup.length}</span>
                </h2>
                {inGroup.length === 0 ? (
                  <p className="docs-empty">{g.empty}</p>
                ) : (
                  <ul className="docs-items" aria-label={g.label}>
                    {inGroup.map((i) => (
                      <Item key={i.id} item={i} mode={mode} noun={setup.noun} onDelete={() => { del.reset(); setDoomed(i) }} />
                    ))}
                  </ul>
                )}
              </section>
            )
          })
        : null}
      <ConfirmDialog
        open={!!doomed}
        confirmLabel="Delete"
        danger
        busy={del.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() =>
          doomed &&
          del.mutate(doomed, {
            onSuccess: () => {
              toast('success', `${doomed.title} ${MSG.deleted}.`)
              setDoomed(null)
            },
          })
        }
      >
        <p className="confirm__text">Delete this {setup.noun}? You cannot undo this.</p>
        <p>{doomed?.title}</p>
        {del.isError ? <FormMessage kind="error">{errorMessage(del.error)}</FormMessage> : null}
      </ConfirmDialog>
    </>
  )
}

function Item({ item: i, mode, noun, onDelete }: { item: DocumentItem; mode: Mode; noun: string; onDelete: () => void }) {
  const when = formatDay(i.date || i.createdAt)
  const body = (
    <>
      <span className="docs-item__title">{i.title}</span>
      <span className="docs-item__meta">
        <span className={i.actionNeeded ? 'docs-tag docs-tag--red' : 'docs-tag'}>{i.statusLabel || i.status}</span>
        {when ? <span className="docs-muted">{when}</span> : null}
      </span>
    </>
  )
  return (
    <li className="docs-item">
      {i.openUrl ? (
        <Link to={i.openUrl} className="docs-item__open">
          <span className="docs-item__main">{body}</span>
          <ChevronRight size={20} aria-hidden="true" className="docs-item__chevron" />
        </Link>
      ) : (
        <div className="docs-item__open docs-item__open--static">
          <span className="docs-item__main">{body}</span>
        </div>
      )}
      {mode === 'edit' && i.openUrl ? (
        <Link to={i.openUrl} className="icon-button docs-item__action" aria-label={`Edit ${i.title}`}>
          <Pencil size={18} aria-hidden="true" />
        </Link>
      ) : null}
      {mode === 'delete' && i.canDelete && i.deleteUrl ? (
        <button type="button" className="icon-button docs-item__action docs-danger" aria-label={`Delete ${i.title}`} onClick={onDelete}>
          <Trash2 size={18} aria-hidden="true" />
        </button>
      ) : null}
      {mode === 'delete' && !(i.canDelete && i.deleteUrl) ? (
        <span className="docs-muted docs-item__note">This {noun} cannot be deleted.</span>
      ) : null}
    </li>
  )
}

/** StartNew opens the view's own area with this property chosen. */
function StartNew({ view, propertyId }: { view: Exclude<DocView, 'Certificates'>; propertyId: string }) {
  const navigate = useNavigate()
  const create = useCreateContract()
  const id = encodeURIComponent(propertyId)
  if (view === 'Contracts') {
    return (
      <>
        <button
          type="button"
          className="button"
          disabled={create.isPending}
          aria-busy={create.isPending}
          onClick={() => create.mutate(propertyId, { onSuccess: (c) => navigate(`/contract-builder?view=draft&id=${encodeURIComponent(c.id)}`) })}
        >
          {create.isPending ? <ButtonSpinner /> : <Plus size={18} aria-hidden="true" />}
          START NEW
        </button>
        {create.isPending ? <p className="docs-muted" role="status">{MSG.redirecting}</p> : null}
        {create.isError ? <FormMessage kind="error">{errorMessage(create.error)}</FormMessage> : null}
      </>
    )
  }
  const to = view === 'ReferenceChecks' ? `/dashboard?view=initiate&step=reference&propertyId=${id}` : `/NewReport?propertyId=${id}`
  return (
    <Link className="button" to={to}>
      <Plus size={18} aria-hidden="true" />
      START NEW
    </Link>
  )
}
