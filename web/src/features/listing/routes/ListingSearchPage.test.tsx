import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { apiError, mockApi, renderPage, reply, sampleUser } from '../../../test/utils'
import ListingSearchPage from './ListingSearchPage'
import type { Listing } from '../format'

function listing(id: string, over: Partial<Listing> = {}): Listing {
  return {
    id,
    town: 'Clapham',
    postcodeDistrict: 'SW11',
    latitude: 51.46,
    longitude: -0.16,
    nearbyStations: [{ name: 'Clapham Junction', code: 'CLJ', miles: 0.5, distance: '0.5 mi' }],
    rentPence: 185000,
    rentCycle: 'Monthly',
    bedroomCount: 2,
    bathroomCount: 1,
    sofasCount: 1,
    propertyType: 'Flat', depositPence: 200000, councilTaxBand: 'C', councilTaxBands: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'Exempt'], councilTaxNone: '', billChoices: ['Gas', 'Electricity', 'Water', 'Council tax', 'Broadband', 'TV licence'], epcMinimum: 'E', epcRating: 'C', billsIncluded: [], petsConsidered: true, monthlyRentPence: null, epcExemption: null,
    furnishStatus: 'Furnished',
    moveInDate: '2026-12-01',
    shortDescription: 'Bright flat near the common.',
    images: [],
    publishedAt: '2026-11-01T10:00:00Z',
    distanceMiles: 0.8,
    mine: false,
    ...over,
  }
}

type Query = Record<string, unknown>
const queryOf = (init: unknown) => ((init as { params?: { query?: Query } })?.params?.query ?? {}) as Query

// jsdom has no IntersectionObserver: a stand-in that lets the test "scroll".
let observed: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = []
class FakeObserver {
  cb: (entries: Array<{ isIntersecting: boolean }>) => void
  constructor(cb: (entries: Array<{ isIntersecting: boolean }>) => void) {
    this.cb = cb
  }
  observe() {
    observed.push(this.cb)
  }
  disconnect() {
    observed = observed.filter((c) => c !== this.cb)
  }
  unobserve() {}
  takeRecords() {
    return []
  }
}

beforeEach(() => {
  observed = []
  vi.stubGlobal('IntersectionObserver', FakeObserver)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const page1 = {
  listings: [
    listing('a'),
    listing('b', { town: '', moveInDate: null, rentPence: 42550, rentCycle: 'Weekly', bedroomCount: 0, mine: true }),
  ],
  nextCursor: 'CUR2',
  area: { query: 'SW11', kind: 'district', latitude: 51.46, longitude: -0.16, radiusMiles: 1 },
}
const page2 = { listings: [listing('c', { town: 'Battersea' })], nextCursor: null, area: page1.area }

describe('ListingSearchPage', () => {
  it('reads the filter from the URL, shows the loading text, then cards', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const { get } = mockApi(async (path, init) => {
      if (path === '/api/listings') {
        await gate
        return reply(200, queryOf(init).cursor === 'CUR2' ? page2 : page1)
      }
      return reply(404)
    })
    renderPage(<ListingSearchPage />, { path: '/listing', initialEntries: ['/listing?searchArea=SW11&minimumBeds=2&minimumRent=1'] })

    expect(await screen.findByText('Fetching data, please wait...')).toBeInTheDocument()
    release()
    const list = await screen.findByRole('list', { name: 'Search results' })
    const calls = get.mock.calls.filter(([p]) => p === '/api/listings')
    expect(queryOf(calls[0][1])).toEqual({ searchArea: 'SW11', minimumBeds: '2', minimumRent: 100 })

    expect(within(list).getByText('£1,850 pcm')).toBeInTheDocument()
    expect(within(list).getByText('£425.50 pcw')).toBeInTheDocument()
    expect(within(list).getByText('Town Not Specified')).toBeInTheDocument()
    expect(within(list).getByText('Date Not Specified.')).toBeInTheDocument()
    expect(within(list).getAllByText('2 bedrooms')[0]).toBeInTheDocument()
    expect(within(list).getAllByText('0.8 mi away')).toHaveLength(2)
    expect(within(list).getByText('Yours')).toBeInTheDocument()
    expect(within(list).getByRole('link', { name: /Clapham/ })).toHaveAttribute('href', '/DetailPage/a')
    expect(screen.getByLabelText('Search area')).toHaveValue('SW11')
    expect(screen.getByText('Within 1 mile of SW11')).toBeInTheDocument()
    // Visitors get the Login bar, remembering the search.
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Which properties' })).not.toBeInTheDocument()
  })

  it('asks for the next cursor when the sentinel scrolls into view', async () => {
    const { get } = mockApi((path, init) =>
      path === '/api/listings' ? reply(200, queryOf(init).cursor === 'CUR2' ? page2 : page1) : reply(404),
    )
    renderPage(<ListingSearchPage />, { path: '/listing', initialEntries: ['/listing?searchArea=SW11'] })
    await screen.findByRole('list', { name: 'Search results' })
    const cursors = () => get.mock.calls.filter(([p]) => p === '/api/listings').map(([, init]) => queryOf(init).cursor)
    expect(cursors()).toEqual([undefined])

    await waitFor(() => expect(observed.length).toBeGreaterThan(0))
    act(() => observed.forEach((cb) => cb([{ isIntersecting: true }])))
    expect(await screen.findByText('Battersea')).toBeInTheDocument()
    expect(cursors()).toEqual([undefined, 'CUR2'])
    expect(screen.getByText('You have reached the end of the list.')).toBeInTheDocument()
    expect(screen.getAllByRole('listitem').filter((li) => li.closest('ul')?.getAttribute('aria-label') === 'Search results')).toHaveLength(3)
  })

  it('Load more fetches the next page for keyboard users', async () => {
    vi.unstubAllGlobals() // no observer at all: the button is the way on
    const { get } = mockApi((path, init) =>
      path === '/api/listings' ? reply(200, queryOf(init).cursor === 'CUR2' ? page2 : page1) : reply(404),
    )
    renderPage(<ListingSearchPage />, { path: '/listing', initialEntries: ['/listing'] })
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Battersea')).toBeInTheDocument()
    const last = get.mock.calls.filter(([p]) => p === '/api/listings').at(-1)
    expect(queryOf(last?.[1]).cursor).toBe('CUR2')
  })

  it('shows the empty state and the area error next to the field', async () => {
    mockApi((path, init) => {
      if (path !== '/api/listings') return reply(404)
      if (queryOf(init).searchArea === 'Nowhere')
        return apiError(400, 'invalid', 'We could not find that place.', {
          searchArea: 'We could not find that place. Try a town, a postcode district such as SW11, or a full postcode.',
        })
      return reply(200, { listings: [], nextCursor: null, area: page1.area })
    })
    renderPage(<ListingSearchPage />, { path: '/listing', initialEntries: ['/listing?searchArea=SW11'] })
    expect(await screen.findByText('No properties match your search.')).toBeInTheDocument()
    expect(screen.getByText(/widening the radius/)).toBeInTheDocument()

    const area = screen.getByLabelText('Search area')
    await userEvent.clear(area)
    await userEvent.type(area, 'Nowhere')
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('We could not find that place. Try a town')
    expect(screen.getByLabelText('Search area')).toHaveAttribute('aria-invalid', 'true')
  })

  it('lets signed-in users switch to My properties, which sends mine=true and reloads', async () => {
    let release: () => void = () => {}
    const { get } = mockApi(async (path, init) => {
      if (path !== '/api/listings') return reply(404)
      if (queryOf(init).mine) {
        await new Promise<void>((r) => (release = r))
        return reply(200, { listings: [listing('m', { mine: true, town: 'Mytown' })], nextCursor: null, area: null })
      }
      return reply(200, page1)
    }, sampleUser)
    renderPage(<ListingSearchPage />, { path: '/listing', initialEntries: ['/listing'] })
    const all = await screen.findByRole('button', { name: 'All properties' })
    await screen.findByRole('list', { name: 'Search results' })
    expect(all).toHaveAttribute('aria-pressed', 'true')
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'My properties' }))
    expect(await screen.findByText('Fetching data, please wait...')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'My properties' })).toHaveAttribute('aria-pressed', 'true')
    await waitFor(() => expect(get.mock.calls.some(([p, init]) => p === '/api/listings' && queryOf(init).mine === true)).toBe(true))
    act(() => release())
    expect(await screen.findByText('Mytown')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My properties')
  })

  // A tenant has no properties: All / My properties is a landlord's tool (issue 43).
  it('offers a tenant no All / My properties, and never asks for mine, even from a ?mine=true link', async () => {
    const { get } = mockApi((path) => (path === '/api/listings' ? reply(200, page1) : reply(404)), { ...sampleUser, userType: 'Tenant' })
    renderPage(<ListingSearchPage />, { path: '/listing', initialEntries: ['/listing?mine=true'] })
    await screen.findByRole('list', { name: 'Search results' })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Homes to rent')
    expect(screen.queryByRole('group', { name: 'Which properties' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'My properties' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'All properties' })).not.toBeInTheDocument()
    // A tenant may still save a search.
    expect(screen.getByRole('button', { name: 'Save this search' })).toBeInTheDocument()
    const asked = get.mock.calls.filter(([p]) => p === '/api/listings').map(([, init]) => queryOf(init))
    expect(asked.length).toBeGreaterThan(0)
    expect(asked.every((q) => q.mine === undefined)).toBe(true)
  })
})
