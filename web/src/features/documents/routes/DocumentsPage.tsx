// /documents/menu and /documents/{view} (spec 1 section 2.8, issue 16): the
// menu of four cards with the counts of what needs the landlord's action,
// then for a view the property picker and, with ?details=true&propertyId=,
// the property's contracts, reference checks, inventory reports or
// certificates. Everything the page shows lives in the address, so a
// bookmark or a reload lands in the same place. Landlords only.
import { Link, useParams, useSearchParams } from 'react-router'
import { FolderOpen } from 'lucide-react'
import { ToastProvider } from '../../../components/Toast'
import { useAuth } from '../../../lib/auth'
import { DocumentsMenu } from '../components/DocumentsMenu'
import { PropertyPicker } from '../components/PropertyPicker'
import { Details } from '../components/Details'
import { isView, MSG } from '../rules'
import '../../../app/shell/pages.css'
import '../documents.css'

export default function DocumentsPage() {
  return (
    <ToastProvider>
      <Documents />
    </ToastProvider>
  )
}

function Documents() {
  const { view } = useParams()
  const [params] = useSearchParams()
  const { user } = useAuth()
  if (user?.userType === 'Tenant') {
    return (
      <section className="panel docs-only" aria-labelledby="docs-only-title">
        <span className="docs-only__icon" aria-hidden="true">
          <FolderOpen size={30} />
        </span>
        <h1 id="docs-only-title">Documents</h1>
        <p>{MSG.landlordsOnly}</p>
        <Link className="button" to="/dashboard">
          Back to the dashboard
        </Link>
      </section>
    )
  }
  if (view === 'menu') return <DocumentsMenu />
  if (!isView(view))
    return (
      <div className="not-found">
        <h1>404 Not Found!</h1>
      </div>
    )
  const propertyId = params.get('propertyId') ?? ''
  if (params.get('details') === 'true' && propertyId) return <Details key={`${view}-${propertyId}`} view={view} propertyId={propertyId} />
  return <PropertyPicker key={view} view={view} />
}
