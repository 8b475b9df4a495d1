// The warnings of a property published for letting without a valid gas
// safety certificate (where it has gas), EICR or EPC (issue 16 section 3):
// on the certificates page and on the landlord's property page.
import { Link } from 'react-router'
import { TriangleAlert } from 'lucide-react'
import { useCompliance } from '../api/compliance'
import type { Warning } from '../api/keys'
import { detailsHref } from '../rules'
import '../warnings.css'

export function Warnings({ warnings, link }: { warnings: Warning[]; link?: string }) {
  if (warnings.length === 0) return null
  return (
    <div className="docs-warnings" role="alert">
      <TriangleAlert size={22} aria-hidden="true" className="docs-warnings__icon" />
      <div>
        <p className="docs-warnings__title">Before you let this property</p>
        <ul>
          {warnings.map((w) => (
            <li key={w.type}>{w.message}</li>
          ))}
        </ul>
        {link ? (
          <Link to={link} className="docs-warnings__link">
            Upload the certificates
          </Link>
        ) : null}
      </div>
    </div>
  )
}

/** ComplianceWarnings asks the server about a published property and shows what is missing (nothing otherwise). */
export function ComplianceWarnings({ propertyId, published }: { propertyId: string; published: boolean }) {
  const q = useCompliance(propertyId, published)
  if (!published || !q.data) return null
  return <Warnings warnings={q.data.warnings} link={detailsHref('Certificates', propertyId)} />
}
