import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { ListingCard } from './ListingCard'
import type { Listing } from '../format'

const base: Listing = {
  id: 'l1',
  town: 'Clapham',
  postcodeDistrict: 'SW11',
  latitude: 51.46,
  longitude: -0.16,
  nearbyStations: [],
  rentPence: 185000,
  rentCycle: 'Monthly',
  bedroomCount: 2,
  bathroomCount: 1,
  sofasCount: 1,
  propertyType: 'Flat', depositPence: 200000, councilTaxBand: 'C', councilTaxBands: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'Exempt'], councilTaxNone: '', billChoices: ['Gas', 'Electricity', 'Water', 'Council tax', 'Broadband', 'TV licence'], epcMinimum: 'E', epcRating: 'C', billsIncluded: [], petsConsidered: true, monthlyRentPence: null, epcExemption: null,
  furnishStatus: 'Furnished',
  moveInDate: null,
  shortDescription: 'Bright flat.',
  images: [],
  publishedAt: '2026-11-01T10:00:00Z',
  distanceMiles: null,
  mine: false,
}

const photo = (name: string, w = 640, h = 480) => ({
  name,
  url: `/api/photos/large/${name}`,
  width: w * 2,
  height: h * 2,
  thumbUrl: `/api/photos/thumb/${name}`,
  thumbWidth: w,
  thumbHeight: h,
})

function card(listing: Listing, eager?: boolean) {
  return render(
    <MemoryRouter>
      <ListingCard listing={listing} eager={eager} />
    </MemoryRouter>,
  )
}

afterEach(cleanup)

describe('ListingCard', () => {
  it("shows the first photo's thumbnail, sized so nothing shifts, loading lazily", () => {
    const { container } = card({ ...base, images: [photo('aaaaaaaaaaaaaaaa.jpg', 640, 427), photo('bbbbbbbbbbbbbbbb.png')] })
    const img = container.querySelector('.listing-card__media img')!
    expect(img).toHaveAttribute('src', '/api/photos/thumb/aaaaaaaaaaaaaaaa.jpg')
    expect(img).toHaveAttribute('width', '640')
    expect(img).toHaveAttribute('height', '427')
    expect(img).toHaveAttribute('loading', 'lazy')
    expect(img).toHaveAttribute('alt', '')
    expect(container.querySelector('.listing-card__art')).toBeNull()
    expect(screen.getByText('photos', { exact: false, selector: '.visually-hidden' }).parentElement).toHaveTextContent('2 photos')
    expect(screen.getByRole('link', { name: 'Clapham, SW11' })).toHaveAttribute('href', '/DetailPage/l1')
  })

  it('loads eagerly for the first cards', () => {
    const { container } = card({ ...base, images: [photo('aaaaaaaaaaaaaaaa.jpg')] }, true)
    expect(container.querySelector('.listing-card__media img')).toHaveAttribute('loading', 'eager')
    expect(screen.queryByText('photos', { exact: false })).not.toBeInTheDocument() // no count for a single photo
  })

  it('keeps the house drawing when there is no photo', () => {
    const { container } = card(base)
    expect(container.querySelector('.listing-card__media img')).toBeNull()
    expect(container.querySelector('.listing-card__art')).not.toBeNull()
  })
})
