// The property picker of /documents/{view} (spec 1 section 2.8): the
// landlord's properties with their addresses; NEXT carries the chosen one
// in the address (?details=true&propertyId=), ADD A NEW PROPERTY goes to
// /profile/add, and going on without a choice says 'You must first select
// a property.'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Building2, Plus } from 'lucide-react'
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { useMyProperties } from '../../property/api/myProperties'
import { detailsHref, MSG, VIEW_TITLES, type DocView } from '../rules'
import { Breadcrumbs } from './Breadcrumbs'

export function PropertyPicker({ view }: { view: DocView }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const props = useMyProperties()
  const [chosen, setChosen] = useState(params.get('propertyId') ?? '')
  const [warn, setWarn] = useState(false)
  const then = params.get('then') === 'upload' && view === 'Certificates' ? { view: 'upload' } : undefined
  const list = props.data ?? []

  function next() {
    if (!chosen || !list.some((p) => p.id === chosen)) {
      setWarn(true)
      return
    }
    navigate(detailsHref(view, chosen, then))
  }

  return (
    <div className="page docs">
      <Breadcrumbs view={view} />
      <section className="panel docs-picker" aria-labelledby="docs-picker-title">
        <h1 id="docs-picker-title" className="page__title">{VIEW_TITLES[view]}</h1>
        <p className="docs-muted">Select the property whose {VIEW_TITLES[view].toLowerCase()} you want to see.</p>
        {props.isPending ? <Spinner label="Loading your properties" /> : null}
        {props.isError ? <FormMessage kind="error">{errorMessage(props.error)}</FormMessage> : null}
        {props.data && list.length === 0 ? <p className="docs-empty">{MSG.noProperties}</p> : null}
        {list.length > 0 ? (
          <fieldset className="docs-picker__list">
            <legend className="visually-hidden">Property</legend>
            {list.map((p) => {
              const a = p.address
              return (
                <label key={p.id} className={chosen === p.id ? 'docs-choice docs-choice--on' : 'docs-choice'}>
                  <input
                    type="radio"
                    name="property"
                    value={p.id}
                    checked={chosen === p.id}
                    onChange={() => {
                      setChosen(p.id)
                      setWarn(false)
                    }}
                  />
                  <span className="docs-choice__icon" aria-hidden="true">
                    <Building2 size={20} />
                  </span>
                  <span className="docs-choice__text">
                    <strong>{a.addrFirstLine}</strong>
                    <span className="docs-muted">{[a.addrSecondLine, a.town, a.postcode].filter(Boolean).join(', ')}</span>
                  </span>
                  <span className={p.status === 'Published' ? 'docs-tag docs-tag--green' : 'docs-tag'}>{p.status}</span>
                </label>
              )
            })}
          </fieldset>
        ) : null}
        {warn ? <FormMessage kind="error">{MSG.selectProperty}</FormMessage> : null}
        <div className="docs-actions">
          <Link className="button button--outline" to="/profile/add">
            <Plus size={18} aria-hidden="true" />
            ADD A NEW PROPERTY
          </Link>
          <button type="button" className="button" onClick={next}>
            NEXT
          </button>
        </div>
      </section>
    </div>
  )
}
