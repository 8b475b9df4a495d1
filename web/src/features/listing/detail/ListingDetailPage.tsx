// /DetailPage/:id and /DetailPage: one published listing (spec 1 section 2.7).
// The card that led here passes the listing in navigation state, so it shows
// at once; GET /api/listings/{id} then refreshes it (and makes the URL
// shareable). The map is a lazy chunk so Leaflet loads only on this page.
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import {
  Bath,
  BedDouble,
  CalendarDays,
  ChevronLeft,
  ChevronRight,
  Mail,
  MapPin,
  MessageSquare,
  Pencil,
  Sofa,
  Sparkles,
  TrainFront,
  X,
  SearchX,
} from 'lucide-react'
import { api, unwrap, ApiError } from '../../../lib/api'
import { useAuth } from '../../../lib/auth'
import { HouseArt } from '../ListingCard'
import {
  bathroomsText,
  bedroomsText,
  formatMoveIn,
  formatRent,
  livingRoomsText,
  townLabel,
  type Listing,
} from '../format'
import { ContactOwnerDialog } from './ContactOwnerDialog'
import '../listing.css'
import './detail.css'

const ListingMap = lazy(() => import('./ListingMap'))

type DetailState = { listing?: Listing; from?: string } | null

export const listingDetailKey = (id: string, userId: string | null) => ['listings', 'detail', id, userId] as const

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

  const detail = useQuery({
    queryKey: listingDetailKey(id, userId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/listings/{id}', { params: { path: { id } }, signal })).then((d) => d.listing),
    // Wait for the session: 'mine' depends on who asks.
    enabled: id !== '' && !authLoading,
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
  })

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
  return frame(
    <ListingView
      listing={listing}
      title={title}
      backTo={backTo}
      onClose={close}
      canEdit={canEdit}
    />,
  )
}

function ListingView({
  listing,
  title,
  backTo,
  onClose,
  canEdit,
}: {
  listing: Listing
  title: string
  backTo: string
  onClose: (e: MouseEvent<HTMLAnchorElement>) => void
  canEdit: boolean
}) {
  const { user } = useAuth()
  const navigate = useNavigate()
  const [contactOpen, setContactOpen] = useState(false)
  const [sent, setSent] = useState('')
  const town = townLabel(listing.town)
  const moveIn = formatMoveIn(listing.moveInDate)
  const place = listing.postcodeDistrict ? `${town}, ${listing.postcodeDistrict}` : town

  function contact() {
    if (!user) {
      // Sign in first, then come back to this listing.
      void navigate('/dashboard', { state: { from: `/DetailPage/${listing.id}` } })
      return
    }
    setSent('')
    setContactOpen(true)
  }

  return (
    <>
      <div className="listing-detail__bar">
        <Link to={backTo} className="icon-button listing-detail__close" aria-label="Close" onClick={onClose}>
          <X aria-hidden size={24} />
        </Link>
        {canEdit && (
          <Link
            to={`/profile/edit?id=${encodeURIComponent(listing.id)}`}
            className="icon-button listing-detail__edit"
            aria-label="Edit this property"
            title="Edit this property"
          >
            <Pencil aria-hidden size={22} />
          </Link>
        )}
      </div>

      <div className="listing-detail__top">
        <Gallery listing={listing} title={title} />

        <div className="listing-detail__summary">
          <p className="listing-detail__price">{formatRent(listing.rentPence, listing.rentCycle)}</p>
          <h1 id="listing-detail-title" className="listing-detail__title">
            {title}
          </h1>
          <p className="listing-detail__place">
            <MapPin aria-hidden size={18} />
            <span>
              <span className={listing.town?.trim() ? undefined : 'listing-card__muted'}>{town}</span>
              {listing.postcodeDistrict && <span className="listing-detail__district">, {listing.postcodeDistrict}</span>}
            </span>
          </p>

          <ul className="listing-detail__rooms" aria-label="Rooms">
            <li>
              <BedDouble aria-hidden size={22} />
              <span aria-hidden>{listing.bedroomCount === 0 ? 'Studio' : listing.bedroomCount}</span>
              <span className="visually-hidden">{bedroomsText(listing.bedroomCount)}</span>
            </li>
            <li>
              <Bath aria-hidden size={22} />
              <span aria-hidden>{listing.bathroomCount}</span>
              <span className="visually-hidden">{bathroomsText(listing.bathroomCount)}</span>
            </li>
            <li>
              <Sofa aria-hidden size={22} />
              <span aria-hidden>{listing.sofasCount}</span>
              <span className="visually-hidden">{livingRoomsText(listing.sofasCount)}</span>
            </li>
          </ul>

          <dl className="listing-detail__facts">
            <div>
              <dt>
                <Sparkles aria-hidden size={18} /> Furnishing
              </dt>
              <dd className={listing.furnishStatus ? undefined : 'listing-card__muted'}>
                {listing.furnishStatus || 'Not specified'}
              </dd>
            </div>
            <div>
              <dt>
                <CalendarDays aria-hidden size={18} /> Move in
              </dt>
              <dd className={listing.moveInDate ? undefined : 'listing-card__muted'}>{moveIn}</dd>
            </div>
          </dl>

          {listing.mine ? (
            <p className="form-message form-message--info listing-detail__yours">This is one of your properties.</p>
          ) : (
            <div className="listing-detail__contact">
              <button
                type="button"
                className="icon-button listing-detail__mail"
                aria-label="Email the owner"
                title="Email the owner"
                onClick={contact}
              >
                <Mail aria-hidden size={22} />
              </button>
              <button type="button" className="button listing-detail__contact-button" onClick={contact}>
                <MessageSquare aria-hidden size={18} />
                Contact the owner
              </button>
            </div>
          )}
          <div role="status" className="listing-detail__sent">
            {sent && <p className="form-message form-message--success">{sent}</p>}
          </div>
        </div>
      </div>

      <div className="listing-detail__more">
        <div className="listing-detail__text">
          <h2>About this home</h2>
          {listing.shortDescription ? (
            <p className="listing-detail__desc">{listing.shortDescription}</p>
          ) : (
            <p className="listing-card__muted">No description given.</p>
          )}

          <h2>Nearby stations</h2>
          {listing.nearbyStations.length ? (
            <ul className="listing-detail__stations">
              {listing.nearbyStations.map((s) => (
                <li key={s.code || s.name}>
                  <TrainFront aria-hidden size={18} />
                  <span className="listing-detail__station-name">{s.name}</span>
                  <span className="listing-detail__station-distance">{s.distance}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="listing-card__muted">No stations listed.</p>
          )}
        </div>

        <div className="listing-detail__location">
          <h2>Location</h2>
          <figure className="listing-detail__map-figure">
            {listing.latitude !== null && listing.longitude !== null ? (
              <div className="listing-detail__map">
                <Suspense
                  fallback={
                    <p className="listing-detail__map-note">
                      <span className="spinner" aria-hidden /> Loading map...
                    </p>
                  }
                >
                  <ListingMap
                    latitude={listing.latitude}
                    longitude={listing.longitude}
                    label={`Map around ${place}`}
                  />
                </Suspense>
              </div>
            ) : (
              <div className="listing-detail__map listing-detail__map--none">
                <p className="listing-detail__map-note">
                  <MapPin aria-hidden size={20} /> Location not available
                </p>
              </div>
            )}
            <figcaption>Approximate location (postcode district)</figcaption>
          </figure>
        </div>
      </div>

      {user && !listing.mine && (
        <ContactOwnerDialog
          listingId={listing.id}
          email={user.email}
          open={contactOpen}
          onClose={() => setContactOpen(false)}
          onSent={(text) => {
            setContactOpen(false)
            setSent(text)
          }}
        />
      )}
    </>
  )
}

/**
 * Gallery: the photos when there are any, else the card's house drawing. The
 * frame keeps one 4:3 shape whatever the photo's, so nothing below moves; a
 * photo is shown whole (contain) over a blurred copy of itself. Previous and
 * next buttons, the arrow keys, a swipe or the thumbnails change the photo.
 */
function Gallery({ listing, title }: { listing: Listing; title: string }) {
  const [shown, setShown] = useState(0)
  const thumbs = useRef<HTMLUListElement>(null)
  const touchX = useRef<number | null>(null)
  const images = listing.images ?? []
  const n = images.length

  const index = Math.min(shown, Math.max(0, n - 1))
  useEffect(() => {
    // Keep the chosen thumbnail in view without moving the page.
    const strip = thumbs.current
    const item = strip?.children[index] as HTMLElement | undefined
    if (!strip || !item) return
    const left = item.offsetLeft // the strip is the items' offset parent
    if (left < strip.scrollLeft || left + item.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollTo?.({ left: left - (strip.clientWidth - item.offsetWidth) / 2 })
    }
  }, [index])

  if (n === 0) {
    return (
      <div className="listing-detail__gallery">
        <div className="listing-detail__frame">
          <HouseArt />
          <span className="listing-detail__no-photos">No photos yet</span>
        </div>
      </div>
    )
  }
  const current = images[index]
  const go = (step: number) => setShown((index + step + n) % n)

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (n < 2) return
    if (e.key === 'ArrowLeft') go(-1)
    else if (e.key === 'ArrowRight') go(1)
    else if (e.key === 'Home') setShown(0)
    else if (e.key === 'End') setShown(n - 1)
    else return
    e.preventDefault()
  }

  return (
    <div className="listing-detail__gallery" role="group" aria-label="Photos" onKeyDown={onKeyDown}>
      <div
        className="listing-detail__frame listing-detail__frame--photo"
        onTouchStart={(e) => {
          touchX.current = e.touches[0]?.clientX ?? null
        }}
        onTouchEnd={(e) => {
          const start = touchX.current
          touchX.current = null
          const end = e.changedTouches[0]?.clientX
          if (start === null || end === undefined || n < 2) return
          if (Math.abs(end - start) > 40) go(end < start ? 1 : -1)
        }}
      >
        <img className="listing-detail__backdrop" src={current.thumbUrl} alt="" aria-hidden />
        <img
          key={current.name}
          className="listing-detail__photo"
          src={current.url}
          alt={`${title}: photo ${index + 1} of ${n}`}
          width={current.width}
          height={current.height}
          fetchPriority={index === 0 ? 'high' : undefined}
        />
        {n > 1 && (
          <>
            <button type="button" className="listing-detail__step listing-detail__step--prev" aria-label="Previous photo" onClick={() => go(-1)}>
              <ChevronLeft aria-hidden size={26} />
            </button>
            <button type="button" className="listing-detail__step listing-detail__step--next" aria-label="Next photo" onClick={() => go(1)}>
              <ChevronRight aria-hidden size={26} />
            </button>
            <p className="listing-detail__counter" aria-live="polite">
              <span aria-hidden>
                {index + 1} / {n}
              </span>
              <span className="visually-hidden">
                Photo {index + 1} of {n}
              </span>
            </p>
          </>
        )}
      </div>
      {n > 1 && (
        <ul className="listing-detail__thumbs" ref={thumbs}>
          {images.map((img, i) => (
            <li key={img.name}>
              <button
                type="button"
                aria-label={`Show photo ${i + 1} of ${n}`}
                aria-pressed={i === index}
                onClick={() => setShown(i)}
              >
                <img src={img.thumbUrl} alt="" width={img.thumbWidth} height={img.thumbHeight} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
