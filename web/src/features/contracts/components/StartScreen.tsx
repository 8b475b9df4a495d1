// The builder's start screen (spec 2, "Start screen"): start a new agreement
// on one of the landlord's properties (search, sort, add a property with the
// same rules as the properties pages), or duplicate an existing one (5 per
// page). The spec calls it the 'AST Builder'; since 1 May 2026 no new
// assured shorthold tenancy can be made in England, so it builds tenancy
// agreements.
import { useMemo, useState } from 'react'
import { Copy, FilePlus2, HelpCircle, Plus } from 'lucide-react'
import { Dialog } from '../../../components/Dialog'
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { AddressForm } from '../../property/components/AddressForm'
import { useMyProperties } from '../../property/api/myProperties'
import { type Property } from '../../property/api/keys'
import { useCreateContract } from '../api/createContract'
import { useDuplicateContract } from '../api/duplicateContract'
import { useContracts } from '../api/listContracts'
import { HelpText } from './HelpText'
import { formatDate } from '../format'

export const PAGE_SIZE = 5
type Sort = 'az' | 'za' | 'latest' | 'oldest'

function sortProperties(list: Property[], sort: Sort): Property[] {
  const out = [...list]
  const name = (p: Property) => p.address.addrFirstLine.toLowerCase()
  out.sort((a, b) => {
    switch (sort) {
      case 'az': return name(a).localeCompare(name(b))
      case 'za': return name(b).localeCompare(name(a))
      case 'latest': return b.createdAt.localeCompare(a.createdAt)
      case 'oldest': return a.createdAt.localeCompare(b.createdAt)
    }
  })
  return out
}

function PropertyPicker({ onOpen }: { onOpen: (id: string) => void }) {
  const props = useMyProperties()
  const create = useCreateContract()
  const [q, setQ] = useState('')
  const [sort, setSort] = useState<Sort>('latest')
  const [adding, setAdding] = useState(false)
  const list = useMemo(() => {
    const needle = q.trim().toLowerCase()
    const all = (props.data ?? []).filter((p) =>
      !needle || [p.address.addrFirstLine, p.address.addrSecondLine, p.address.town, p.address.postcode].join(' ').toLowerCase().includes(needle))
    return sortProperties(all, sort)
  }, [props.data, q, sort])

  return (
    <section className="panel cw-start" aria-labelledby="cw-pick-title">
      <h2 id="cw-pick-title">Choose the property</h2>
      <div className="cw-toolbar">
        <label className="visually-hidden" htmlFor="cw-search">Search properties</label>
        <input id="cw-search" type="search" placeholder="Search properties" value={q} onChange={(e) => setQ(e.target.value)} />
        <label className="visually-hidden" htmlFor="cw-sort">Sort</label>
        <select id="cw-sort" value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
          <option value="az">A-Z</option>
          <option value="za">Z-A</option>
          <option value="latest">Latest</option>
          <option value="oldest">Oldest</option>
        </select>
        <button type="button" className="button button--outline" onClick={() => setAdding(true)}>
          <Plus size={16} aria-hidden="true" /> Add New Property
        </button>
      </div>
      <FormMessage kind="error">{create.isError ? errorMessage(create.error) : ''}</FormMessage>
      {props.isPending ? <Spinner /> : null}
      {props.isError ? <FormMessage kind="error">{errorMessage(props.error)}</FormMessage> : null}
      {props.data && list.length === 0 ? <p className="cw-muted">{q ? 'No property matches your search.' : 'You have no properties yet. Add one to start.'}</p> : null}
      <ul className="cw-cards">
        {list.map((p) => (
          <li key={p.id}>
            <button type="button" className="cw-card" disabled={create.isPending}
              onClick={() => create.mutate(p.id, { onSuccess: (c) => onOpen(c.id) })}>
              <strong>{p.address.addrFirstLine}</strong>
              <span className="cw-muted">{[p.address.addrSecondLine, p.address.town, p.address.postcode].filter(Boolean).join(', ')}</span>
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add New Property">
        <AddressForm mode="create" onCreated={() => setAdding(false)} />
      </Dialog>
    </section>
  )
}

function DuplicateList({ onOpen }: { onOpen: (id: string) => void }) {
  const list = useContracts('all')
  const dup = useDuplicateContract()
  const [page, setPage] = useState(0)
  const all = list.data ?? []
  const pages = Math.max(1, Math.ceil(all.length / PAGE_SIZE))
  const shown = all.slice(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE)
  return (
    <section className="panel cw-start" aria-labelledby="cw-dup-title">
      <h2 id="cw-dup-title">Duplicate an existing contract</h2>
      <p className="cw-muted">The copy keeps the answers and your wording, not the signatures or the payment.</p>
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <FormMessage kind="error">error retrieving contracts...</FormMessage> : null}
      <FormMessage kind="error">{dup.isError ? errorMessage(dup.error) : ''}</FormMessage>
      {list.data && all.length === 0 ? <p className="cw-muted">You have no contracts to duplicate yet.</p> : null}
      <ul className="cw-cards">
        {shown.map((c) => (
          <li key={c.id}>
            <button type="button" className="cw-card" disabled={dup.isPending} onClick={() => dup.mutate(c.id, { onSuccess: (d) => onOpen(d.id) })}>
              <strong>{c.property.addrFirstLine || 'Property'}</strong>
              <span className="cw-muted">{c.contractType || 'Contract type not chosen'} · created {formatDate(c.createdAt)}</span>
            </button>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <div className="cw-pager">
          <button type="button" className="button button--outline" disabled={page === 0} onClick={() => setPage(page - 1)}>Previous</button>
          <span className="cw-muted">Page {page + 1} of {pages}</span>
          <button type="button" className="button button--outline" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>Next</button>
        </div>
      ) : null}
    </section>
  )
}

export function StartScreen({ onOpen }: { onOpen: (id: string) => void }) {
  const [mode, setMode] = useState<'choose' | 'new' | 'duplicate'>('choose')
  const [help, setHelp] = useState(false)
  return (
    <div className="cw-startscreen">
      <div className="cw-start__head">
        <h1 className="page__title">Tenancy Agreement Builder</h1>
        <button type="button" className="icon-button" aria-label="Help" onClick={() => setHelp(true)}>
          <HelpCircle size={22} aria-hidden="true" />
        </button>
      </div>
      <div className="cw-start__choices" role="group" aria-label="How to start">
        <button type="button" className={`cw-choice-card${mode === 'new' ? ' is-active' : ''}`} aria-pressed={mode === 'new'} onClick={() => setMode('new')}>
          <FilePlus2 size={26} aria-hidden="true" />
          <strong>Start New Tenancy Contract</strong>
          <span className="cw-muted">Pick a property and answer the questions.</span>
        </button>
        <button type="button" className={`cw-choice-card${mode === 'duplicate' ? ' is-active' : ''}`} aria-pressed={mode === 'duplicate'} onClick={() => setMode('duplicate')}>
          <Copy size={26} aria-hidden="true" />
          <strong>Duplicate Existing Tenancy Contract</strong>
          <span className="cw-muted">Start from the answers of one you made before.</span>
        </button>
      </div>
      {mode === 'new' ? <PropertyPicker onOpen={onOpen} /> : null}
      {mode === 'duplicate' ? <DuplicateList onOpen={onOpen} /> : null}
      <Dialog open={help} onClose={() => setHelp(false)} title="How the builder works">
        <HelpText />
      </Dialog>
    </div>
  )
}
