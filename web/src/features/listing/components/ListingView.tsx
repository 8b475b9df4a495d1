// The body of a listing's page: gallery, price and facts, description,
// nearest stations, map, and contacting the owner (or editing, for the owner).
import { lazy, Suspense, useEffect, useState, type MouseEvent } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { Bath, BedDouble, CalendarDays, Mail, MapPin, MessageSquare, Pencil, Sofa, Sparkles, TrainFront, X } from 'lucide-react'
import { useAuth } from '../../../lib/auth'
import { bathroomsText, bedroomsText, formatMoveIn, formatRent, monthlyEquivalent, livingRoomsText, materialFacts, townLabel, type Listing } from '../format'
import { ContactOwnerDialog } from './ContactOwnerDialog'
import { Gallery } from './Gallery'

const ListingMap = lazy(() => import('./ListingMap'))

/** contactReturnTo: where signing in to contact the owner comes back to, the form open. */
export const contactReturnTo = (id: string) => `/DetailPage/${encodeURIComponent(id)}?contact=1`

export function ListingView({
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
  const location = useLocation()
  const [params, setParams] = useSearchParams()
  const [contactOpen, setContactOpen] = useState(false)
  // The return address after signing in (or registering) to contact the
  // owner carries the intent: ?contact=1 opens the form once, then goes.
  const wantsContact = params.get('contact') === '1'
  const returnTo = contactReturnTo(listing.id)
  useEffect(() => {
    if (!wantsContact || !user) return
    if (!listing.mine) setContactOpen(true)
    setParams(
      (p) => {
        p.delete('contact')
        return p
      },
      { replace: true, state: location.state },
    )
  }, [wantsContact, user, listing.mine, setParams, location.state])
  const [sent, setSent] = useState('')
  const town = townLabel(listing.town)
  const moveIn = formatMoveIn(listing.moveInDate)
  const place = listing.postcodeDistrict ? `${town}, ${listing.postcodeDistrict}` : town

  function contact() {
    if (!user) {
      // Sign in first, then come back to this listing with the form open.
      void navigate('/dashboard', { state: { from: returnTo } })
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
          <p className="listing-detail__price">{formatRent(listing.rentPence, listing.rentCycle)}
          {monthlyEquivalent(listing.rentCycle, listing.monthlyRentPence) && (
            <>
              {' '}
              <span className="listing-price__monthly">{monthlyEquivalent(listing.rentCycle, listing.monthlyRentPence)}</span>
            </>
          )}</p>
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

          <dl className="listing-detail__material" aria-label="What you should know before you enquire">
            {materialFacts(listing).map((f) => (
              <div key={f.label}>
                <dt>{f.label}</dt>
                <dd className={f.value === 'Not specified' ? 'listing-card__muted' : undefined}>{f.value}</dd>
              </div>
            ))}
          </dl>
          <p className="listing-detail__rent-note">The advertised rent is the rent: the landlord may not ask for or accept offers above it.</p>
          {listing.petsConsidered === false && (
            <p className="listing-detail__rent-note">
              You may still ask in writing to keep a pet; the landlord may refuse only on reasonable grounds (Renters&apos; Rights Act 2025).
            </p>
          )}

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

          <h2>Nearest stations</h2>
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

