// One search result: price, place, rooms, move-in date, nearest station and
// the first photo's thumbnail (the house drawing when there is none).
import { Link, useLocation } from 'react-router'
import { Bath, BedDouble, CalendarDays, Camera, MapPin, Sofa, TrainFront } from 'lucide-react'
import {
  bathroomsText,
  bedroomsText,
  billsText,
  formatDistanceAway,
  formatMoveIn,
  formatRent,
  monthlyEquivalent,
  livingRoomsText,
  townLabel,
  type ListingCard as Card,
} from '../format'

export function HouseArt() {
  return (
    <svg className="listing-card__art" viewBox="0 0 160 120" aria-hidden focusable="false">
      <rect x="0" y="0" width="160" height="120" fill="#eef3f9" />
      <circle cx="128" cy="28" r="12" fill="#dbe7f5" />
      <rect x="0" y="96" width="160" height="24" fill="#e2eaf4" />
      <path d="M40 62 L80 32 L120 62 Z" fill="#c3d4ea" />
      <rect x="48" y="60" width="64" height="40" fill="#d5e2f2" />
      <rect x="74" y="76" width="14" height="24" rx="2" fill="#a9c0de" />
      <rect x="56" y="68" width="12" height="11" rx="1.5" fill="#f6f9fd" />
      <rect x="94" y="68" width="12" height="11" rx="1.5" fill="#f6f9fd" />
      <rect x="100" y="38" width="8" height="16" fill="#c3d4ea" />
    </svg>
  )
}

type CardProps = {
  listing: Card
  /** eager loads the photo at once (the first cards, likely on screen); the others load as they near the view. */
  eager?: boolean
}

export function ListingCard({ listing, eager = false }: CardProps) {
  // The detail page's close button returns to this search, filters and all.
  const location = useLocation()
  const town = townLabel(listing.town)
  const station = listing.nearbyStations[0]
  const away = formatDistanceAway(listing.distanceMiles)
  const moveIn = formatMoveIn(listing.moveInDate)
  const photos = listing.images ?? []
  const cover = photos[0]
  return (
    <article className="listing-card">
      <div className="listing-card__media">
        {cover ? (
          // The title link names the card; the photo adds nothing to read out.
          <img
            className="listing-card__photo"
            src={cover.thumbUrl}
            width={cover.thumbWidth}
            height={cover.thumbHeight}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <HouseArt />
        )}
        {listing.mine && <span className="listing-card__badge">Yours</span>}
        {photos.length > 1 && (
          <span className="listing-card__photos">
            <Camera aria-hidden size={14} />
            {photos.length}
            <span className="visually-hidden"> photos</span>
          </span>
        )}
      </div>
      <div className="listing-card__body">
        <p className="listing-card__price">{formatRent(listing.rentPence, listing.rentCycle)}
          {monthlyEquivalent(listing.rentCycle, listing.monthlyRentPence) && (
            <>
              {' '}
              <span className="listing-price__monthly">{monthlyEquivalent(listing.rentCycle, listing.monthlyRentPence)}</span>
            </>
          )}</p>
        <h2 className="listing-card__title">
          <Link to={`/DetailPage/${listing.id}`} state={{ listing, from: location.pathname + location.search }} className="listing-card__link">
            {town}
            {listing.postcodeDistrict && <span className="listing-card__district">, {listing.postcodeDistrict}</span>}
          </Link>
        </h2>
        <ul className="listing-card__rooms" aria-label="Rooms">
          <li>
            <BedDouble aria-hidden size={18} />
            <span aria-hidden>{listing.bedroomCount === 0 ? 'Studio' : listing.bedroomCount}</span>
            <span className="visually-hidden">{bedroomsText(listing.bedroomCount)}</span>
          </li>
          <li>
            <Bath aria-hidden size={18} />
            <span aria-hidden>{listing.bathroomCount}</span>
            <span className="visually-hidden">{bathroomsText(listing.bathroomCount)}</span>
          </li>
          <li>
            <Sofa aria-hidden size={18} />
            <span aria-hidden>{listing.sofasCount}</span>
            <span className="visually-hidden">{livingRoomsText(listing.sofasCount)}</span>
          </li>
          {listing.furnishStatus && <li className="listing-card__furnish">{listing.furnishStatus}</li>}
        </ul>
        <p className="listing-card__meta listing-card__facts">
          {[listing.propertyType, billsText(listing.billsIncluded), listing.petsConsidered ? 'Pets considered' : '']
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="listing-card__meta">
          <CalendarDays aria-hidden size={16} />
          <span>
            Move in: <span className={listing.moveInDate ? undefined : 'listing-card__muted'}>{moveIn}</span>
          </span>
        </p>
        {station && (
          <p className="listing-card__meta">
            <TrainFront aria-hidden size={16} />
            <span>
              Nearest station: {station.name} <span className="listing-card__muted">· {station.distance}</span>
            </span>
          </p>
        )}
        {away && (
          <p className="listing-card__meta listing-card__away">
            <MapPin aria-hidden size={16} />
            <span>{away}</span>
          </p>
        )}
        {listing.shortDescription && <p className="listing-card__desc">{listing.shortDescription}</p>}
      </div>
    </article>
  )
}

/** A grey stand-in of the same size as a card, shown while the first page loads. */
export function ListingCardSkeleton() {
  return (
    <div className="listing-card listing-card--skeleton" aria-hidden>
      <div className="listing-card__media" />
      <div className="listing-card__body">
        <span className="skeleton-line skeleton-line--price" />
        <span className="skeleton-line" />
        <span className="skeleton-line skeleton-line--short" />
        <span className="skeleton-line" />
        <span className="skeleton-line" />
      </div>
    </div>
  )
}
