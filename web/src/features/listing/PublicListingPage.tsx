// /listing and /DetailPage for visitors: a top bar with Login (remembering
// /listing) and a placeholder body that echoes the search filter from the URL.
import { Link, useSearchParams } from 'react-router'
import { House, LogIn, Search } from 'lucide-react'
import { describeFilter, parseListingQuery } from '../../lib/searchOptions'
import '../public/public.css'
import './listing.css'

export default function PublicListingPage() {
  const [params] = useSearchParams()
  const summary = describeFilter(parseListingQuery(params))

  return (
    <>
      <div className="login-bar">
        <div className="login-bar__inner">
          <p className="login-bar__text">
            <House aria-hidden size={20} />
            Sign in to save searches and contact landlords
          </p>
          <Link to="/dashboard" state={{ from: '/listing' }} className="button">
            <LogIn aria-hidden size={18} />
            Login
          </Link>
        </div>
      </div>
      <div className="coming-soon">
        <div className="card coming-soon__card">
          <div className="coming-soon__icon">
            <Search aria-hidden size={30} />
          </div>
          <h1>Property search is coming soon</h1>
          <p className="listing-summary" data-testid="listing-search-summary">
            {summary ? (
              <>
                Your search: <strong>{summary}</strong>
              </>
            ) : (
              'Your search: all homes to rent'
            )}
          </p>
          <p>
            We are getting homes ready to browse. Soon you will see every matching rental here, with photos, nearby
            stations and a button to contact the owner.
          </p>
          <div className="coming-soon__actions">
            <Link to="/" className="button button--outline">
              Change search
            </Link>
          </div>
        </div>
      </div>
    </>
  )
}
