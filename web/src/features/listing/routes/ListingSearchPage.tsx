// /listing: public property search (spec 1 section 2.7). The filter lives in
// the URL query so a search can be shared and Back works; results come 20 at
// a time from GET /api/listings and append as the visitor scrolls.
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { LoginBar } from '../../../components/LoginBar'
import { useQueryClient } from '@tanstack/react-query'
import { House, SlidersHorizontal, ChevronDown, SearchX } from 'lucide-react'
import { ApiError } from '../../../lib/api'
import { listingsKey, useListings } from '../api/listings'
import { useAuth } from '../../../lib/auth'
import { buildListingQuery, describeFilter, parseListingQuery, type ListingFilter } from '../searchOptions'
import { FilterPanel } from '../components/FilterPanel'
import { SaveSearchButton } from '../../savedsearch/components/SaveSearchButton'
import '../../savedsearch/savedsearch.css'
import { ListingCard, ListingCardSkeleton } from '../components/ListingCard'
import { toListingsQuery } from '../format'
import '../../public/public.css'
import '../listing.css'


const SKELETONS = 6
// The first row of cards is on screen at once; their photos load eagerly.
const EAGER_PHOTOS = 3

export default function ListingSearchPage() {
  const { user, loading: authLoading } = useAuth()
  const [params, setParams] = useSearchParams()
  const qc = useQueryClient()
  const filter = parseListingQuery(params)
  const signedIn = Boolean(user)
  // "My properties" is a landlord's view of their own published homes: a
  // tenant has none, so only landlords (and the admin, one) are offered it.
  const landlord = user?.userType === 'Landlord'
  const mine = landlord && Boolean(filter.mine)
  const query = toListingsQuery(filter, landlord)
  const urlKey = buildListingQuery(filter)
  const userId = user?.id ?? null
  const [filtersOpen, setFiltersOpen] = useState(false)

  useEffect(() => {
    if (signedIn) return // the shell names signed-in pages
    const previous = document.title
    document.title = 'Homes to rent | OmniRent'
    return () => {
      document.title = previous
    }
  }, [signedIn])

  const results = useListings(userId, query, !authLoading)

  const listings = results.data?.pages.flatMap((p) => p.listings) ?? []
  const area = results.data?.pages[0]?.area ?? null
  const error = results.error instanceof ApiError ? results.error : results.error ? new ApiError(0, undefined) : null
  const areaError = error?.fields.searchArea

  // On small screens the filter folds away; open it when the area needs fixing.
  useEffect(() => {
    if (areaError) setFiltersOpen(true)
  }, [areaError])

  function go(next: ListingFilter) {
    setParams(new URLSearchParams(buildListingQuery(next)))
  }

  function apply(next: ListingFilter) {
    setFiltersOpen(false)
    go({ ...next, mine: filter.mine })
  }

  function switchView(toMine: boolean) {
    if (toMine === mine) return
    // Switching starts the list afresh (spec 1 section 2.7).
    qc.removeQueries({ queryKey: listingsKey(userId, toListingsQuery({ ...filter, mine: toMine }, landlord)), exact: true })
    go({ ...filter, mine: toMine || undefined })
  }

  // Infinite scroll: fetch the next page when the sentinel below the list comes near.
  const sentinel = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results
  useEffect(() => {
    const el = sentinel.current
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage()
      },
      { rootMargin: '600px 0px' },
    )
    io.observe(el)
    return () => io.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  const summary = describeFilter(filter)
  // What a saved search keeps: the filters as the API takes them (no sort, no mine).
  const savedQuery = (() => {
    const { sort: _sort, mine: _mine, ...rest } = query
    const p = new URLSearchParams()
    for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v))
    return p.toString()
  })()
  const heading = mine ? 'My properties' : 'Homes to rent'

  const page = (
    <div className={`listing-page${signedIn ? '' : ' listing-page--public'}`}>
      <aside className={`listing-page__filters${filtersOpen ? ' is-open' : ''}`} aria-label="Filters">
        <button
          type="button"
          className="listing-page__filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls="listing-filter-panel"
          onClick={() => setFiltersOpen((o) => !o)}
        >
          <SlidersHorizontal aria-hidden size={18} />
          <span className="listing-page__filters-toggle-text">
            <strong>Filters</strong>
            <span>{summary || 'All homes to rent'}</span>
          </span>
          <ChevronDown aria-hidden size={20} className="listing-page__chevron" />
        </button>
        <div id="listing-filter-panel" className="listing-page__filter-panel">
          <FilterPanel key={urlKey} value={filter} areaError={areaError} onApply={apply} />
        </div>
      </aside>

      <section className="listing-page__results" aria-labelledby="listing-heading">
        <div className="listing-page__head">
          <div>
            <h1 id="listing-heading">{heading}</h1>
            <p className="listing-page__sub">
              {area
                ? `Within ${area.radiusMiles} ${area.radiusMiles === 1 ? 'mile' : 'miles'} of ${area.query}`
                : filter.searchArea && !error
                  ? `Around ${filter.searchArea}`
                  : 'Newest homes first'}
            </p>
          </div>
          {signedIn && !mine && (
            <SaveSearchButton query={savedQuery} defaultName={summary || 'All homes to rent'} disabled={savedQuery === ''} />
          )}
          {landlord && (
            <div className="segmented" role="group" aria-label="Which properties">
              <button type="button" aria-pressed={!mine} onClick={() => switchView(false)}>
                All properties
              </button>
              <button type="button" aria-pressed={mine} onClick={() => switchView(true)}>
                My properties
              </button>
            </div>
          )}
        </div>

        {results.isPending ? (
          <div className="listing-page__loading">
            <p role="status" className="listing-page__status">
              <span className="spinner" aria-hidden /> Fetching data, please wait...
            </p>
            <div className="listing-grid" aria-hidden>
              {Array.from({ length: SKELETONS }, (_, i) => (
                <ListingCardSkeleton key={i} />
              ))}
            </div>
          </div>
        ) : error && listings.length === 0 ? (
          <div className="listing-empty">
            <SearchX aria-hidden size={36} />
            <p className="form-message form-message--error" role={areaError ? undefined : 'alert'}>
              {areaError ?? error.message}
            </p>
            {!areaError && (
              <button type="button" className="button button--outline" onClick={() => void results.refetch()}>
                Try again
              </button>
            )}
          </div>
        ) : listings.length === 0 ? (
          <div className="listing-empty">
            <House aria-hidden size={36} />
            <p className="listing-empty__title" role="status">
              No properties match your search.
            </p>
            <p>
              {mine
                ? 'Only your published properties appear here. Publish a property to see it in the search.'
                : filter.searchArea
                  ? 'Try widening the radius, or remove a filter or two.'
                  : 'Try removing a filter or two.'}
            </p>
          </div>
        ) : (
          <>
            <p className="visually-hidden" role="status">
              {listings.length} {listings.length === 1 ? 'home' : 'homes'} shown
            </p>
            <ul className="listing-grid" aria-label="Search results">
              {listings.map((l, i) => (
                <li key={l.id}>
                  <ListingCard listing={l} eager={i < EAGER_PHOTOS} />
                </li>
              ))}
            </ul>
            <div ref={sentinel} className="listing-page__sentinel" />
            <div className="listing-page__more">
              {hasNextPage ? (
                <button
                  type="button"
                  className="button button--outline"
                  onClick={() => void fetchNextPage()}
                  disabled={isFetchingNextPage}
                >
                  {isFetchingNextPage ? (
                    <>
                      <span className="spinner" aria-hidden /> Loading more...
                    </>
                  ) : (
                    'Load more'
                  )}
                </button>
              ) : (
                <p className="listing-page__end">You have reached the end of the list.</p>
              )}
              {results.isFetchNextPageError && (
                <p className="form-message form-message--error" role="alert">
                  {error?.message}
                </p>
              )}
            </div>
          </>
        )}
      </section>
    </div>
  )

  if (signedIn) return page
  return (
    <>
      <LoginBar icon={<House aria-hidden size={20} />}>Sign in to save searches and contact landlords</LoginBar>
      {page}
    </>
  )
}
