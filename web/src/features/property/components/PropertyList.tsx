// /profile/list (spec 1 section 2.6): the landlord's properties with Edit,
// Publish / Un-publish and delete, each status change confirmed first.
import { useState } from 'react'
import { Link } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { Building2, Pencil, Plus, Trash2 } from 'lucide-react'
import { usePropertyAction, type Action } from '../api/propertyActions'
import { meQueryKey } from '../../../lib/auth'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { Spinner } from '../../../components/Spinner'
import { FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { ACTION_SUCCESSFUL, formatRent, isoToDisplay } from '../format'
import { propertiesKey, type Property } from '../api/keys'
import { useMyProperties } from '../api/myProperties'
import { ComplianceWarnings } from '../../documents/components/ComplianceWarnings'
import '../property.css'


const CONFIRM: Record<Action, { text: string; button: string }> = {
  publish: { text: 'Publish this property? It will appear in public search.', button: 'Publish' },
  unpublish: { text: 'Un-publish this property? It will be removed from public search.', button: 'Un-publish' },
  delete: { text: 'Delete this property? It will be removed from your lists.', button: 'Delete' },
}

export function PropertyList() {
  const qc = useQueryClient()
  const list = useMyProperties()
  const [pending, setPending] = useState<{ action: Action; property: Property } | null>(null)
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null)

  const act = usePropertyAction({
    onSuccess: (msg, { action }) => {
      setMessage({ kind: 'success', text: msg || ACTION_SUCCESSFUL })
      void qc.invalidateQueries({ queryKey: propertiesKey })
      // Deleting the last property sends the landlord back to onboarding.
      if (action === 'delete') void qc.invalidateQueries({ queryKey: meQueryKey })
    },
    onError: (e) => setMessage({ kind: 'error', text: errorMessage(e) }),
    onSettled: () => setPending(null),
  })

  const properties = list.data ?? []
  return (
    <section className="profile-card" aria-labelledby="props-title">
      <div className="profile-card__head">
        <h1 id="props-title">My Properties</h1>
        <Link className="button" to="/profile/add">
          <Plus aria-hidden size={18} />
          Add a Property
        </Link>
      </div>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      {list.isPending ? (
        <div className="property-loading">
          <Spinner label="Loading your properties" />
        </div>
      ) : list.isError ? (
        <FormMessage kind="error">{errorMessage(list.error)}</FormMessage>
      ) : properties.length === 0 ? (
        <div className="empty-state">
          <Building2 aria-hidden size={40} />
          <p>You have no properties yet</p>
        </div>
      ) : (
        <ul className="property-list" aria-label="Your properties">
          {properties.map((p) => (
            <PropertyRow
              key={p.id}
              property={p}
              busy={act.isPending && act.variables?.property.id === p.id}
              onAction={(action) => {
                setMessage(null)
                setPending({ action, property: p })
              }}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        confirmLabel={pending ? CONFIRM[pending.action].button : ''}
        danger={pending?.action === 'delete'}
        busy={act.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && act.mutate(pending)}
      >
        {pending ? (
          <>
            <p className="confirm__text">{CONFIRM[pending.action].text}</p>
            <p className="confirm__what">
              {pending.property.address.addrFirstLine}, {pending.property.address.postcode}
            </p>
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  )
}

function PropertyRow({ property: p, busy, onAction }: { property: Property; busy: boolean; onAction: (a: Action) => void }) {
  const name = p.address.addrFirstLine
  const published = p.status === 'Published'
  const toggle = published ? 'Un-publish' : 'Publish'
  const rent = formatRent(p.rentPence, p.rentCycle)
  const moveIn = isoToDisplay(p.moveInDate)
  const facts = [
    rent,
    p.bedroomCount ? `${p.bedroomCount} bed` : '',
    p.bathroomCount ? `${p.bathroomCount} bath` : '',
    moveIn ? `from ${moveIn}` : '',
    photoCount(p.images?.length ?? 0),
  ].filter(Boolean)
  const cover = p.images?.[0]
  return (
    <li className="property-row" aria-busy={busy || undefined}>
      {cover ? (
        <span className="property-row__icon property-row__icon--photo" aria-hidden="true">
          <img src={cover.thumbUrl} width={cover.thumbWidth} height={cover.thumbHeight} alt="" loading="lazy" decoding="async" />
        </span>
      ) : (
        <span className="property-row__icon" aria-hidden="true">
          <Building2 size={22} />
        </span>
      )}
      <div className="property-row__main">
        <p className="property-row__title">{name}</p>
        <p className="property-row__sub">
          {p.address.postcode}
          {p.address.town ? <span> · {p.address.town}</span> : null}
        </p>
        {facts.length ? <p className="property-row__facts">{facts.join(' · ')}</p> : null}
      </div>
      <span className={published ? 'status-badge status-badge--published' : 'status-badge'}>{p.status}</span>
      {published ? (
        <div className="property-row__compliance">
          <ComplianceWarnings propertyId={p.id} published />
        </div>
      ) : null}
      <div className="property-row__actions">
        <Link className="button button--outline button--small" to={`/profile/edit?id=${encodeURIComponent(p.id)}`} aria-label={`Edit ${name}`}>
          <Pencil aria-hidden size={16} />
          Edit
        </Link>
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          aria-label={`${toggle} ${name}`}
          onClick={() => onAction(published ? 'unpublish' : 'publish')}
        >
          {toggle}
        </button>
        <button type="button" className="icon-button property-row__delete" aria-label={`Delete ${name}`} disabled={busy} onClick={() => onAction('delete')}>
          <Trash2 aria-hidden size={20} />
        </button>
      </div>
    </li>
  )
}

function photoCount(n: number): string {
  if (n === 0) return ''
  return n === 1 ? '1 photo' : `${n} photos`
}
