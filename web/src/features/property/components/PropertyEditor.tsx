// /profile/add and /profile/edit (spec 1 section 2.6). Adding is two steps:
// the address (which creates the property), then the portal details, which
// may be left for later. Editing shows the two as tabs.
import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { X } from 'lucide-react'
import { Spinner } from '../../../components/Spinner'
import { ApiError } from '../../../lib/api'
import { FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { AddressForm } from './AddressForm'
import { ADDRESS_TITLE } from '../format'
import { PortalDetailsForm } from './PortalDetailsForm'
import { ComplianceWarnings } from '../../documents/components/ComplianceWarnings'
import { useMyProperty } from '../api/myProperty'
import { type Property } from '../api/keys'
import '../property.css'

function CloseLink() {
  return (
    <Link to="/profile/list" className="icon-button property-editor__close" aria-label="Close">
      <X aria-hidden size={22} />
    </Link>
  )
}

/** AddProperty is /profile/add; after step 1 the new id is kept in ?id= so a reload stays on step 2. */
export function AddProperty() {
  const [params, setParams] = useSearchParams()
  const id = params.get('id') ?? ''
  if (!id) {
    return (
      <section className="profile-card property-editor" aria-labelledby="add-title">
        <div className="property-editor__head">
          <div>
            <p className="property-step">Step 1 of 2</p>
            <h1 id="add-title">{ADDRESS_TITLE}</h1>
          </div>
          <CloseLink />
        </div>
        <AddressForm mode="create" onCreated={(p) => setParams({ id: p.id })} />
      </section>
    )
  }
  return (
    <section className="profile-card property-editor" aria-labelledby="add-title">
      <div className="property-editor__head">
        <div>
          <p className="property-step">Step 2 of 2</p>
          <h1 id="add-title">Property Portal Details</h1>
        </div>
        <CloseLink />
      </div>
      <LoadedProperty id={id}>{(p) => <PortalDetailsForm property={p} skippable />}</LoadedProperty>
    </section>
  )
}

const TABS = [
  { key: 'address', label: 'Address Details' },
  { key: 'details', label: 'Property Portal Details' },
] as const
type Tab = (typeof TABS)[number]['key']

/** EditProperty is /profile/edit?id=…&tab=address|details (&new=1 right after onboarding step 1). */
export function EditProperty() {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const id = params.get('id') ?? ''
  const tab: Tab = params.get('tab') === 'details' ? 'details' : 'address'
  const isNew = params.get('new') === '1'
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([])

  function select(t: Tab, focus = false) {
    const next = new URLSearchParams(params)
    next.set('tab', t)
    setParams(next, { replace: true })
    if (focus) tabRefs.current[TABS.findIndex((x) => x.key === t)]?.focus()
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = TABS.findIndex((x) => x.key === tab)
    let j = -1
    if (e.key === 'ArrowRight') j = (i + 1) % TABS.length
    else if (e.key === 'ArrowLeft') j = (i - 1 + TABS.length) % TABS.length
    else if (e.key === 'Home') j = 0
    else if (e.key === 'End') j = TABS.length - 1
    if (j < 0) return
    e.preventDefault()
    select(TABS[j].key, true)
  }

  return (
    <section className="profile-card property-editor" aria-labelledby="edit-title">
      <div className="property-editor__head">
        <div>
          {isNew ? <p className="property-step">Step 2 of 2</p> : null}
          <h1 id="edit-title">{isNew ? 'Property Portal Details' : 'Edit property'}</h1>
        </div>
        <CloseLink />
      </div>
      {!id ? (
        <FormMessage kind="error">No property was chosen.</FormMessage>
      ) : (
        <LoadedProperty id={id}>
          {(p) => (
            <>
              <p className="property-editor__address">
                {p.address.addrFirstLine}, {p.address.postcode}
              </p>
              <ComplianceWarnings propertyId={p.id} published={p.status === 'Published'} />
              <div className="tabs" role="tablist" aria-label="Property sections" onKeyDown={onKeyDown}>
                {TABS.map((t, i) => (
                  <button
                    key={t.key}
                    ref={(el) => {
                      tabRefs.current[i] = el
                    }}
                    type="button"
                    role="tab"
                    id={`tab-${t.key}`}
                    aria-selected={tab === t.key}
                    aria-controls={`panel-${t.key}`}
                    tabIndex={tab === t.key ? 0 : -1}
                    className="tabs__tab"
                    onClick={() => select(t.key)}
                  >
                    {t.label}
                  </button>
                ))}
              </div>
              <div className="tabs__panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
                {tab === 'address' ? (
                  <AddressForm key={`a-${p.id}`} mode="edit" property={p} onSaved={() => navigate('/profile/list')} />
                ) : (
                  <PortalDetailsForm key={`d-${p.id}`} property={p} skippable={isNew} />
                )}
              </div>
            </>
          )}
        </LoadedProperty>
      )}
    </section>
  )
}

function LoadedProperty({ id, children }: { id: string; children: (p: Property) => ReactNode }) {
  const q = useMyProperty(id)
  if (q.isPending)
    return (
      <div className="property-loading">
        <Spinner label="Loading the property" />
      </div>
    )
  if (q.isError)
    return (
      <>
        <FormMessage kind="error">
          {q.error instanceof ApiError && q.error.status === 404 ? 'This property could not be found.' : errorMessage(q.error)}
        </FormMessage>
        <Link className="button button--outline" to="/profile/list">
          Back to My Properties
        </Link>
      </>
    )
  return <>{children(q.data)}</>
}
