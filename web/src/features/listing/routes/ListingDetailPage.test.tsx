import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { apiError, mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'
import ListingDetailPage, { detailTitle } from './ListingDetailPage'
import type { Listing } from '../format'

// jsdom cannot run Leaflet: the lazy map chunk is replaced by a stand-in.
vi.mock('../components/ListingMap', () => ({
  default: ({ latitude, longitude }: { latitude: number; longitude: number }) => (
    <div data-testid="map">
      map at {latitude},{longitude}
    </div>
  ),
}))

function listing(over: Partial<Listing> = {}): Listing {
  return {
    id: 'l1',
    town: 'Clapham',
    postcodeDistrict: 'SW11',
    latitude: 51.46,
    longitude: -0.16,
    nearbyStations: [
      { name: 'Clapham Junction', code: 'CLJ', miles: 0.5, distance: '0.5 mi' },
      { name: 'Wandsworth Road', code: 'WWR', miles: 0.9, distance: '0.9 mi' },
    ],
    rentPence: 185000,
    rentCycle: 'Monthly',
    bedroomCount: 2,
    bathroomCount: 1,
    sofasCount: 1,
    propertyType: 'Flat', depositPence: 200000, councilTaxBand: 'C', councilTaxBands: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'Exempt'], councilTaxNone: '', billChoices: ['Gas', 'Electricity', 'Water', 'Council tax', 'Broadband', 'TV licence'], epcMinimum: 'E', epcRating: 'C', billsIncluded: [], petsConsidered: true, monthlyRentPence: null, epcExemption: null,
    furnishStatus: 'Furnished',
    moveInDate: null,
    shortDescription: 'Bright flat near the common.',
    images: [],
    publishedAt: '2026-11-01T10:00:00Z',
    distanceMiles: null,
    mine: false,
    ...over,
  }
}

const ROUTES = { path: '/DetailPage/:id' }

beforeAll(polyfillDialog)
afterEach(() => {
  sessionStorage.clear() // the remembered search must not leak between cases
  cleanup()
  vi.restoreAllMocks()
})

describe('ListingDetailPage', () => {
  it('shows the listing from navigation state at once, then the server copy', async () => {
    let answer: (v: unknown) => void = () => {}
    const served = new Promise((r) => (answer = r))
    mockApi(async (path) => {
      if (path === '/api/listings/{id}') {
        await served
        return reply(200, { listing: listing({ shortDescription: 'Freshly painted.' }) })
      }
      return reply(404, { error: { code: 'not_found', message: 'Not found' } })
    })
    renderPage(<ListingDetailPage />, {
      ...ROUTES,
      initialEntries: [{ pathname: '/DetailPage/l1', state: { listing: listing(), from: '/listing' } }],
    })
    expect(screen.getByText('£1,850 pcm')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: '2 bedroom home to rent in Clapham' })).toBeInTheDocument()
    expect(screen.getByText('Date Not Specified.')).toBeInTheDocument()
    expect(screen.getByText('Bright flat near the common.')).toBeInTheDocument()
    const stations = screen.getByRole('heading', { name: 'Nearest stations' }).nextElementSibling as HTMLElement
    expect(within(stations).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Clapham Junction0.5 mi',
      'Wandsworth Road0.9 mi',
    ])
    const rooms = screen.getByRole('list', { name: 'Rooms' })
    expect(within(rooms).getByText('2 bedrooms')).toBeInTheDocument()
    expect(within(rooms).getByText('1 bathroom')).toBeInTheDocument()
    expect(within(rooms).getByText('1 living room')).toBeInTheDocument()
    expect(screen.getByText('Furnished')).toBeInTheDocument()
    expect(screen.getByText('Approximate location (postcode district)')).toBeInTheDocument()
    expect(await screen.findByTestId('map')).toHaveTextContent('map at 51.46,-0.16')
    answer(null)
    expect(await screen.findByText('Freshly painted.')).toBeInTheDocument()
  })

  it('loads a shared link by id, with town and date fallbacks and a weekly price', async () => {
    const get = mockApi((path) =>
      path === '/api/listings/{id}'
        ? reply(200, {
            listing: listing({ town: '', rentPence: 42500, rentCycle: 'Weekly', monthlyRentPence: 184167, moveInDate: '2026-12-01', latitude: null, longitude: null }),
          })
        : reply(404),
    ).get
    renderPage(<ListingDetailPage />, { ...ROUTES, initialEntries: ['/DetailPage/l1'] })
    expect(await screen.findByText('£425 pcw')).toHaveTextContent('£425 pcw (£1,841.67 pcm)')
    expect(screen.getByText('Town Not Specified')).toBeInTheDocument()
    expect(screen.getByText('01/12/2026')).toBeInTheDocument()
    expect(screen.getByText('Location not available')).toBeInTheDocument()
    expect(screen.queryByTestId('map')).not.toBeInTheDocument()
    expect(get).toHaveBeenCalledWith('/api/listings/{id}', expect.objectContaining({ params: { path: { id: 'l1' } } }))
  })

  it('says so when the listing is no longer published', async () => {
    mockApi(() => apiError(404, 'not_found', 'Listing not found.'))
    renderPage(<ListingDetailPage />, {
      ...ROUTES,
      initialEntries: [{ pathname: '/DetailPage/l1', state: { listing: listing(), from: '/listing?minimumBeds=2' } }],
    })
    expect(await screen.findByText('This listing is no longer available.')).toBeInTheDocument()
    expect(screen.queryByText('£1,850 pcm')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to listings' })).toHaveAttribute('href', '/listing?minimumBeds=2')
  })

  it('without an id or state shows Listing not found', async () => {
    const { get } = mockApi(() => reply(200, {}))
    renderPage(<ListingDetailPage />, { path: '/DetailPage', initialEntries: ['/DetailPage'] })
    expect(await screen.findByRole('heading', { name: 'Listing not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to listings' })).toHaveAttribute('href', '/listing')
    expect(get).not.toHaveBeenCalledWith('/api/listings/{id}', expect.anything())
  })

  it('on /DetailPage uses the id of the listing in state', async () => {
    const { get } = mockApi(() => reply(200, { listing: listing() }))
    renderPage(<ListingDetailPage />, {
      path: '/DetailPage',
      initialEntries: [{ pathname: '/DetailPage', state: { listing: listing() } }],
    })
    expect(screen.getByText('£1,850 pcm')).toBeInTheDocument()
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/api/listings/{id}', expect.objectContaining({ params: { path: { id: 'l1' } } })),
    )
  })

  it('close goes back to the search keeping its filters', async () => {
    mockApi(() => reply(200, { listing: listing() }))
    const { router } = renderPage(<ListingDetailPage />, {
      ...ROUTES,
      initialEntries: [{ pathname: '/DetailPage/l1', state: { listing: listing(), from: '/listing?mine=true&rentCycle=Weekly' } }],
    })
    const close = screen.getByRole('link', { name: 'Close' })
    expect(close).toHaveAttribute('href', '/listing?mine=true&rentCycle=Weekly')
    await userEvent.click(close)
    await waitFor(() => expect(router.state.location.pathname).toBe('/listing'))
    expect(router.state.location.search).toBe('?mine=true&rentCycle=Weekly')
  })

  it('close steps back in history when the search page led here', async () => {
    mockApi(() => reply(200, { listing: listing() }))
    const { router } = renderPage(<ListingDetailPage />, {
      ...ROUTES,
      initialEntries: ['/listing?minimumBeds=2', { pathname: '/DetailPage/l1', state: { listing: listing(), from: '/listing?minimumBeds=2' } }],
    })
    // Only the first history entry has the key 'default'; this one came from the search.
    await userEvent.click(await screen.findByRole('link', { name: 'Close' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/listing'))
    expect(router.state.historyAction).toBe('POP')
    expect(router.state.location.search).toBe('?minimumBeds=2')
  })

  it('shows the edit icon only for your own listing reached from My properties', async () => {
    mockApi(() => reply(200, { listing: listing({ mine: true }) }), sampleUser)
    renderPage(<ListingDetailPage />, {
      ...ROUTES,
      initialEntries: [{ pathname: '/DetailPage/l1', state: { listing: listing({ mine: true }), from: '/listing?mine=true' } }],
    })
    const edit = await screen.findByRole('link', { name: 'Edit this property' })
    expect(edit).toHaveAttribute('href', '/profile/edit?id=l1')
    // You do not message yourself.
    expect(screen.queryByRole('button', { name: 'Contact the owner' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Email the owner' })).not.toBeInTheDocument()
  })

  it('hides the edit icon when the listing is yours but you came from All properties', async () => {
    mockApi(() => reply(200, { listing: listing({ mine: true }) }), sampleUser)
    renderPage(<ListingDetailPage />, {
      ...ROUTES,
      initialEntries: [{ pathname: '/DetailPage/l1', state: { listing: listing({ mine: true }), from: '/listing' } }],
    })
    expect(await screen.findByText('This is one of your properties.')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Edit this property' })).not.toBeInTheDocument()
  })

  it('hides the edit icon for other people’s listings even in the My view', async () => {
    mockApi(() => reply(200, { listing: listing() }), sampleUser)
    renderPage(<ListingDetailPage />, {
      ...ROUTES,
      initialEntries: [{ pathname: '/DetailPage/l1', state: { listing: listing(), from: '/listing?mine=true' } }],
    })
    expect(await screen.findByRole('button', { name: 'Contact the owner' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Edit this property' })).not.toBeInTheDocument()
  })

  it('sends signed-out visitors to sign in, remembering the listing', async () => {
    mockApi(() => reply(200, { listing: listing() }))
    const { router } = renderPage(<ListingDetailPage />, {
      ...ROUTES,
      initialEntries: [{ pathname: '/DetailPage/l1', state: { listing: listing(), from: '/listing' } }],
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Contact the owner' }))
    expect(await screen.findByText('Dashboard at /dashboard for nobody')).toBeInTheDocument()
    expect(router.state.location.state).toEqual({ from: '/DetailPage/l1?contact=1' })
  })

  it('shows visitors a sign-in bar whose Login and Register come back with the contact form open', async () => {
    mockApi(() => reply(200, { listing: listing() }))
    const { router } = renderPage(<ListingDetailPage />, { ...ROUTES, initialEntries: ['/DetailPage/l1'] })
    expect(await screen.findByText('Sign in or register to contact the owner and save searches')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register')
    await userEvent.click(screen.getByRole('link', { name: 'Login' }))
    expect(await screen.findByText('Dashboard at /dashboard for nobody')).toBeInTheDocument()
    expect(router.state.location.state).toEqual({ from: '/DetailPage/l1?contact=1' })
  })

  it('signed in, the return address ?contact=1 opens the contact form once and leaves the address clean', async () => {
    mockApi(() => reply(200, { listing: listing() }), sampleUser)
    const { router } = renderPage(<ListingDetailPage />, { ...ROUTES, initialEntries: ['/DetailPage/l1?contact=1'] })
    expect(await screen.findByRole('dialog', { name: 'Contact the owner' })).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.queryByText('Sign in or register to contact the owner and save searches')).not.toBeInTheDocument()
  })

  it('the e-mail icon also asks visitors to sign in', async () => {
    mockApi(() => reply(200, { listing: listing() }))
    renderPage(<ListingDetailPage />, { ...ROUTES, initialEntries: ['/DetailPage/l1'] })
    await userEvent.click(await screen.findByRole('button', { name: 'Email the owner' }))
    expect(await screen.findByText('Dashboard at /dashboard for nobody')).toBeInTheDocument()
  })

  it('signed in: sends the message and shows the confirmation', async () => {
    const { post } = mockApi((path) => {
      if (path === '/api/listings/{id}/contact') return reply(200, { message: 'Your message was sent successfully' })
      return reply(200, { listing: listing() })
    }, sampleUser)
    renderPage(<ListingDetailPage />, { ...ROUTES, initialEntries: ['/DetailPage/l1'] })
    await userEvent.click(await screen.findByRole('button', { name: 'Contact the owner' }))
    const dialog = await screen.findByRole('dialog', { name: 'Contact the owner' })
    const email = within(dialog).getByLabelText('Your email')
    expect(email).toHaveValue('ann@example.com')
    expect(email).toHaveAttribute('readonly')
    const send = within(dialog).getByRole('button', { name: 'Send' })
    expect(send).toBeDisabled()
    const box = within(dialog).getByLabelText('Message')
    expect(box).toHaveAttribute('maxLength', '2000')
    await userEvent.type(box, 'Is it free in May?')
    expect(within(dialog).getByText('18 / 2,000 characters')).toBeInTheDocument()
    expect(send).toBeEnabled()
    await userEvent.click(send)
    expect(await screen.findByRole('status')).toHaveTextContent('Your message was sent successfully')
    expect(post).toHaveBeenCalledWith('/api/listings/{id}/contact', {
      params: { path: { id: 'l1' } },
      body: { message: 'Is it free in May?' },
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('signed in: shows the server’s refusal inside the dialog', async () => {
    mockApi((path) => {
      if (path === '/api/listings/{id}/contact') return apiError(429, 'rate_limited', 'Too many messages. Please try again later.')
      return reply(200, { listing: listing() })
    }, sampleUser)
    renderPage(<ListingDetailPage />, { ...ROUTES, initialEntries: ['/DetailPage/l1'] })
    await userEvent.click(await screen.findByRole('button', { name: 'Email the owner' }))
    const dialog = await screen.findByRole('dialog', { name: 'Contact the owner' })
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Hello')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many messages. Please try again later.')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('shows the photos in a gallery with previous, next, arrow keys and thumbnails', async () => {
    const photo = (n: number, w: number, h: number) => ({
      name: `photo${n}aaaaaaaaaaa.jpg`,
      url: `/api/photos/large/photo${n}aaaaaaaaaaa.jpg`,
      width: w,
      height: h,
      thumbUrl: `/api/photos/thumb/photo${n}aaaaaaaaaaa.jpg`,
      thumbWidth: Math.round(w / 2.5),
      thumbHeight: Math.round(h / 2.5),
    })
    const images = [photo(1, 1600, 1067), photo(2, 900, 1200), photo(3, 1600, 1200)]
    mockApi(() => reply(200, { listing: listing({ images }) }))
    renderPage(<ListingDetailPage />, { ...ROUTES, initialEntries: ['/DetailPage/l1'] })
    const gallery = await screen.findByRole('group', { name: 'Photos' })
    const main = () => within(gallery).getByRole('img', { name: /photo \d of 3$/ })
    expect(main()).toHaveAttribute('src', images[0].url)
    expect(main()).toHaveAttribute('width', '1600')
    expect(main()).toHaveAttribute('height', '1067')
    expect(main()).toHaveAccessibleName('2 bedroom home to rent in Clapham: photo 1 of 3')

    await userEvent.click(within(gallery).getByRole('button', { name: 'Next photo' }))
    expect(main()).toHaveAttribute('src', images[1].url)
    expect(within(gallery).getByRole('button', { name: 'Show photo 2 of 3' })).toHaveAttribute('aria-pressed', 'true')
    await userEvent.keyboard('{ArrowRight}')
    expect(main()).toHaveAttribute('src', images[2].url)
    await userEvent.keyboard('{ArrowRight}') // wraps round
    expect(main()).toHaveAttribute('src', images[0].url)
    await userEvent.click(within(gallery).getByRole('button', { name: 'Previous photo' }))
    expect(main()).toHaveAccessibleName('2 bedroom home to rent in Clapham: photo 3 of 3')
    await userEvent.click(within(gallery).getByRole('button', { name: 'Show photo 2 of 3' }))
    expect(main()).toHaveAttribute('src', images[1].url)
    const thumbs = within(gallery).getAllByRole('button', { name: /^Show photo/ })
    expect(thumbs.map((b) => b.querySelector('img')?.getAttribute('src'))).toEqual(images.map((i) => i.thumbUrl))
  })

  it('keeps the drawing when there are no photos', async () => {
    mockApi(() => reply(200, { listing: listing() }))
    renderPage(<ListingDetailPage />, { ...ROUTES, initialEntries: ['/DetailPage/l1'] })
    expect(await screen.findByText('No photos yet')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Photos' })).not.toBeInTheDocument()
  })
})

describe('detailTitle', () => {
  it('names the home', () => {
    expect(detailTitle({ bedroomCount: 2, town: 'Clapham' })).toBe('2 bedroom home to rent in Clapham')
    expect(detailTitle({ bedroomCount: 0, town: '' })).toBe('Studio to rent')
  })
})
