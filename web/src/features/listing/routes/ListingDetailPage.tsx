// /DetailPage/:id and /DetailPage: one published listing (spec 1 section 2.7).
// The card that led here passes the listing in navigation state, so it shows
// at once; GET /api/listings/{id} then refreshes it (and makes the URL
// shareable). The map is a lazy chunk so Leaflet loads only on this page.
import { useEffect, type MouseEvent, type ReactNode } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { House, SearchX } from 'lucide-react'
import { LoginBar } from '../../../components/LoginBar'
import { ApiError } from '../../../lib/api'
import { useListing } from '../api/listing'
import { useAuth } from '../../../lib/auth'
import type { Listing } from '../format'
import { contactReturnTo, ListingView } from '../components/ListingView'
import '../listing.css'
import '../detail.css'

type DetailState = { listing?: Listing; from?: string } | null


// The search a listing was opened from is kept for the tab, so Close still
// returns to it after a detour that drops navigation state (signing in to
// contact the owner).
const lastSearchKey = 'omnirent.lastListingSearch'

function rememberSearch(from: string | undefined): string | undefined {
  try {
    if (from?.startsWith('/listing')) sessionStorage.setItem(lastSearchKey, from)
    else from = sessionStorage.getItem(lastSearchKey) ?? undefined
  } catch {
    // Storage can be unavailable (private modes); the plain /listing is fine then.
  }
  return from
}

/** The query string of state.from ('/listing?mine=true' -> '?mine=true'), or ''. */
function queryOf(from: string | undefined): string {
  if (!from) return ''
  const i = from.indexOf('?')
  return i >= 0 ? from.slice(i) : ''
}

/** detailTitle: '2 bedroom home to rent in Clapham'; 'Studio to rent in Clapham'. */
export function detailTitle(l: Pick<Listing, 'bedroomCount' | 'town'>): string {
  const what = l.bedroomCount === 0 ? 'Studio' : `${l.bedroomCount} bedroom home`
  const town = l.town?.trim()
  return town ? `${what} to rent in ${town}` : `${what} to rent`
}

export default function ListingDetailPage() {
  const params = useParams()
  const location = useLocation()
  const navigate = useNavigate()
  const { user, loading: authLoading } = useAuth()
  const state = (location.state ?? null) as DetailState
  const fromState = typeof state?.from === 'string' ? state.from : undefined
  const from = rememberSearch(fromState)
  const given = state?.listing && typeof state.listing.id === 'string' ? state.listing : undefined
  const id = params.id ?? given?.id ?? ''
  // A listing in state only counts when it is the one in the address.
  const initial = given && given.id === id ? given : undefined
  const userId = user?.id ?? null

  // Wait for the session: 'mine' depends on who asks.
  const detail = useListing(id, userId, id !== '' && !authLoading)

  const gone = detail.error instanceof ApiError && detail.error.status === 404
  const listing = gone ? undefined : (detail.data ?? initial)

  const backSearch = queryOf(from)
  const backTo = '/listing' + backSearch
  const cameFromSearch = location.key !== 'default' && Boolean(fromState?.startsWith('/listing'))

  function close(e: MouseEvent<HTMLAnchorElement>) {
    // Back keeps the search's scroll position and loaded pages; a shared link
    // (no history here) goes to the search instead.
    if (cameFromSearch && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey) {
      e.preventDefault()
      void navigate(-1)
    }
  }

  const title = listing ? detailTitle(listing) : gone || !id ? 'Listing not found' : 'Listing details'
  useEffect(() => {
    if (user) return // the shell names signed-in pages
    const previous = document.title
    document.title = `${title} | OmniRent`
    return () => {
      document.title = previous
    }
  }, [user, title])

  const frame = (children: ReactNode) => (
    <section
      className={`listing-detail${user ? '' : ' listing-detail--public'}`}
      aria-labelledby="listing-detail-title"
    >
      {children}
    </section>
  )

  if (!id || gone) {
    return frame(
      <div className="listing-detail__missing">
        <SearchX aria-hidden size={40} />
        <h1 id="listing-detail-title">{id ? 'Listing not available' : 'Listing not found'}</h1>
        <p>{id ? 'This listing is no longer available.' : 'We could not tell which listing to show.'}</p>
        <Link to={backTo} className="button">
          Back to listings
        </Link>
      </div>,
    )
  }

  if (!listing) {
    if (detail.isError) {
      return frame(
        <div className="listing-detail__missing">
          <SearchX aria-hidden size={40} />
          <h1 id="listing-detail-title">Listing details</h1>
          <p className="form-message form-message--error" role="alert">
            {detail.error instanceof ApiError ? detail.error.message : new ApiError(0, undefined).message}
          </p>
          <div className="listing-detail__missing-actions">
            <button type="button" className="button" onClick={() => void detail.refetch()}>
              Try again
            </button>
            <Link to={backTo} className="button button--outline">
              Back to listings
            </Link>
          </div>
        </div>,
      )
    }
    return frame(
      <div className="listing-detail__loading">
        <h1 id="listing-detail-title" className="visually-hidden">
          Listing details
        </h1>
        <p role="status" className="listing-page__status">
          <span className="spinner" aria-hidden /> Fetching data, please wait...
        </p>
        <div className="listing-detail__gallery listing-detail__gallery--skeleton" aria-hidden />
      </div>,
    )
  }

  const canEdit = listing.mine && Boolean(from?.includes('mine=true'))
  return (
    <>
      {!user && !authLoading && (
        <LoginBar icon={<House aria-hidden size={20} />} returnTo={contactReturnTo(listing.id)} register>
          Sign in or register to contact the owner and save searches
        </LoginBar>
      )}
      {frame(<ListingView listing={listing} title={title} backTo={backTo} onClose={close} canEdit={canEdit} />)}
    </>
  )
}
