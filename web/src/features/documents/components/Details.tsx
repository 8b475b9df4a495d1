// /documents/{view}?details=true&propertyId=: one property's items of a view
// with the actions menu (filters kept in the address as &filter=, modes on
// the page), or, for certificates, the upload and edit forms (&view=).
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Pencil, Trash2, X } from 'lucide-react'
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { useMyProperties } from '../../property/api/myProperties'
import { VIEW_TITLES, type DocView } from '../rules'
import { ActionsMenu, type Filter, type Mode } from './ActionsMenu'
import { Breadcrumbs } from './Breadcrumbs'
import { Certificates } from './Certificates'
import { CertificateForm } from './CertificateForm'
import { ItemList } from './ItemList'

const FILTERS: Filter[] = ['all', 'action', 'active']

export function Details({ view, propertyId }: { view: DocView; propertyId: string }) {
  const [params, setParams] = useSearchParams()
  const [mode, setMode] = useState<Mode>('view')
  const props = useMyProperties()
  const asked = params.get('filter') as Filter | null
  const filter: Filter = asked && FILTERS.includes(asked) ? asked : 'all'
  const property = props.data?.find((p) => p.id === propertyId)
  const label = property ? property.address.addrFirstLine : ''
  const sub = params.get('view')
  const form = view === 'Certificates' && (sub === 'upload' || sub === 'edit') ? sub : null

  function setFilter(f: Filter) {
    const next = new URLSearchParams(params)
    if (f === 'all') next.delete('filter')
    else next.set('filter', f)
    setParams(next, { replace: true })
  }

  if (props.isPending)
    return (
      <div className="page docs docs-loading">
        <Spinner label="Loading your properties" />
      </div>
    )
  if (props.isError)
    return (
      <div className="page docs">
        <FormMessage kind="error">{errorMessage(props.error)}</FormMessage>
      </div>
    )
  if (!property)
    return (
      <div className="page docs">
        <Breadcrumbs view={view} />
        <section className="panel">
          <FormMessage kind="error">This property could not be found.</FormMessage>
          <Link className="button button--outline" to={`/documents/${view}`}>
            Choose a property
          </Link>
        </section>
      </div>
    )

  const a = property.address
  const address = [a.addrFirstLine, a.addrSecondLine, a.town, a.postcode].filter(Boolean).join(', ')
  return (
    <div className="page docs">
      <Breadcrumbs view={view} property={{ id: propertyId, label }} />
      {form ? (
        <CertificateForm key={params.toString()} propertyId={propertyId} address={address} kind={form} />
      ) : (
        <>
          <div className="docs-head">
            <div className="docs-head__text">
              <h1 className="page__title">{VIEW_TITLES[view]}</h1>
              <p className="docs-head__address">
                {address}{' '}
                <Link to={`/documents/${view}?propertyId=${encodeURIComponent(propertyId)}`} className="docs-change">
                  Change property
                </Link>
              </p>
            </div>
            <ActionsMenu filter={filter} mode={mode} onFilter={setFilter} onMode={setMode} />
          </div>
          {mode !== 'view' ? (
            <div className={`docs-mode docs-mode--${mode}`} role="status">
              {mode === 'edit' ? <Pencil size={18} aria-hidden="true" /> : <Trash2 size={18} aria-hidden="true" />}
              <span>{mode === 'edit' ? 'Edit mode: choose the pencil beside an item to change it.' : 'Delete mode: choose the bin beside an item to delete it.'}</span>
              <button type="button" className="icon-button" aria-label={`Leave ${mode} mode`} onClick={() => setMode('view')}>
                <X size={18} aria-hidden="true" />
              </button>
            </div>
          ) : null}
          {view === 'Certificates' ? (
            <Certificates propertyId={propertyId} filter={filter} mode={mode} />
          ) : (
            <ItemList view={view} propertyId={propertyId} filter={filter} mode={mode} />
          )}
        </>
      )}
    </div>
  )
}
