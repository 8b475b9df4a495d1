// Where the landlord is in the documents area: Documents › view › property.
import { Link } from 'react-router'
import { ChevronRight } from 'lucide-react'
import { VIEW_TITLES, type DocView } from '../rules'

export function Breadcrumbs({ view, property }: { view: DocView; property?: { id: string; label: string } }) {
  return (
    <nav className="docs-crumbs" aria-label="Breadcrumb">
      <ol>
        <li>
          <Link to="/documents/menu">Documents</Link>
        </li>
        <li>
          <ChevronRight size={16} aria-hidden="true" />
          {property ? (
            <Link to={`/documents/${view}?propertyId=${encodeURIComponent(property.id)}`}>{VIEW_TITLES[view]}</Link>
          ) : (
            <span aria-current="page">{VIEW_TITLES[view]}</span>
          )}
        </li>
        {property ? (
          <li>
            <ChevronRight size={16} aria-hidden="true" />
            <span aria-current="page">{property.label}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  )
}
