// Listing-search option lists of spec 1 section 9 and the /listing query string
// the landing search banner builds (and the listing pages read back).

export type Option = { value: string; label: string }
export type RentCycle = 'Monthly' | 'Weekly'

export type ListingFilter = {
  searchArea?: string
  /** '' | 'studio' | '1'..'9' | '10' (10 means 10+) */
  minimumBeds?: string
  maximumBeds?: string
  rentCycle?: RentCycle
  /** A min-price option value ('1' stands for the first option, £100). */
  minimumRent?: string
  maximumRent?: string
  /** '1'..'5' (bathroom counts) */
  minimumBathrooms?: string
  maximumBathrooms?: string
  /** Miles around the search area: one of RADIUS_OPTIONS ('' = server default). */
  radius?: string
  /** Result order; left out means the server default (nearest with an area, else newest). */
  sort?: ListingSort
  /** My properties (signed-in users only). */
  mine?: boolean
}

export type ListingSort = 'nearest' | 'newest'

/** Query parameter names, in the order they appear in the URL. */
export const LISTING_QUERY_KEYS = [
  'searchArea',
  'minimumBeds',
  'maximumBeds',
  'rentCycle',
  'minimumRent',
  'maximumRent',
  'minimumBathrooms',
  'maximumBathrooms',
  'radius',
  'sort',
] as const

export const RENT_CYCLES: readonly RentCycle[] = ['Monthly', 'Weekly']
export const DEFAULT_RENT_CYCLE: RentCycle = 'Monthly'
export const rentCycleLabel = (c: RentCycle | undefined) => (c === 'Weekly' ? 'pcw' : 'pcm')

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 })
export const formatPounds = (n: number) => gbp.format(n)

function range(from: number, to: number, step: number): number[] {
  const out: number[] = []
  for (let n = from; n <= to; n += step) out.push(n)
  return out
}

const bedCounts: Option[] = [
  { value: 'studio', label: 'Studio' },
  ...range(1, 9, 1).map((n) => ({ value: String(n), label: String(n) })),
  { value: '10', label: '10+' },
]

/** Minimum-bedrooms choices: No Min, Studio, 1 to 9, 10+. */
export const MIN_BEDROOM_OPTIONS: readonly Option[] = [{ value: '', label: 'No Min' }, ...bedCounts]
/** Maximum-bedrooms choices: No Max, Studio, 1 to 9, 10+. */
export const MAX_BEDROOM_OPTIONS: readonly Option[] = [{ value: '', label: 'No Max' }, ...bedCounts]

const priceOption = (n: number): Option => ({ value: String(n), label: formatPounds(n) })

/** Minimum prices: £100 (value 1), £200 to £1,000 by 100, then £1,250 to £5,750 by 250. */
export const MIN_PRICE_OPTIONS: readonly Option[] = [
  { value: '1', label: formatPounds(100) },
  ...range(200, 1000, 100).map(priceOption),
  ...range(1250, 5750, 250).map(priceOption),
]

/** Maximum prices: £4,000 to £7,750 by 250, £8,000, £8,500 to £10,000 by 500, then 12k, 15k, 17k, 20k, 25k. */
export const MAX_PRICE_OPTIONS: readonly Option[] = [
  ...range(4000, 7750, 250),
  8000,
  ...range(8500, 10000, 500),
  12000,
  15000,
  17000,
  20000,
  25000,
].map(priceOption)

/** Radius choices in miles around the search area ('' lets the server choose: 1 for a postcode, 3 otherwise). */
export const RADIUS_OPTIONS: readonly Option[] = [
  { value: '', label: 'Default' },
  { value: '0.25', label: '0.25 miles' },
  { value: '0.5', label: '0.5 miles' },
  { value: '1', label: '1 mile' },
  { value: '3', label: '3 miles' },
  { value: '5', label: '5 miles' },
  { value: '10', label: '10 miles' },
]

const bathCounts: Option[] = range(1, 5, 1).map((n) => ({ value: String(n), label: String(n) }))
/** Bathroom choices: No Min / No Max, 1 to 5. */
export const MIN_BATHROOM_OPTIONS: readonly Option[] = [{ value: '', label: 'No Min' }, ...bathCounts]
export const MAX_BATHROOM_OPTIONS: readonly Option[] = [{ value: '', label: 'No Max' }, ...bathCounts]

export const SORT_OPTIONS: readonly { value: ListingSort; label: string }[] = [
  { value: 'nearest', label: 'Nearest first' },
  { value: 'newest', label: 'Newest first' },
]

/** bedRank orders bedroom values: studio below 1; '' (no limit) is undefined. */
export function bedRank(value: string | undefined): number | undefined {
  if (!value) return undefined
  if (value === 'studio') return 0
  const n = Number(value)
  return Number.isFinite(n) ? n : undefined
}

/** rentRank gives the pound amount a price value stands for ('1' is the £100 option). */
export function rentRank(value: string | undefined): number | undefined {
  if (!value) return undefined
  const n = Number(value)
  if (!Number.isFinite(n)) return undefined
  return n === 1 ? 100 : n
}

/**
 * buildListingQuery turns a filter into a query string for /listing
 * ('' when nothing is set, otherwise starting with '?'). Empty values are
 * left out; the search area is trimmed.
 */
export function buildListingQuery(filter: ListingFilter): string {
  const params = new URLSearchParams()
  for (const key of LISTING_QUERY_KEYS) {
    const raw = filter[key]
    const value = typeof raw === 'string' ? raw.trim() : ''
    if (value) params.set(key, value)
  }
  if (filter.mine) params.set('mine', 'true')
  const s = params.toString()
  return s ? `?${s}` : ''
}

/** listingSearchPath is the full path the Search button opens. */
export function listingSearchPath(filter: ListingFilter): string {
  return `/listing${buildListingQuery(filter)}`
}

/** parseListingQuery reads a filter back from a /listing query string. */
export function parseListingQuery(search: string | URLSearchParams): ListingFilter {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  const filter: ListingFilter = {}
  const area = params.get('searchArea')?.trim()
  if (area) filter.searchArea = area
  for (const key of ['minimumBeds', 'maximumBeds'] as const) {
    const v = params.get(key)
    if (v && MIN_BEDROOM_OPTIONS.some((o) => o.value === v)) filter[key] = v
  }
  const cycle = params.get('rentCycle')
  if (cycle === 'Monthly' || cycle === 'Weekly') filter.rentCycle = cycle
  const minRent = params.get('minimumRent')
  if (minRent && rentRank(minRent) !== undefined) filter.minimumRent = minRent
  const maxRent = params.get('maximumRent')
  if (maxRent && rentRank(maxRent) !== undefined) filter.maximumRent = maxRent
  for (const key of ['minimumBathrooms', 'maximumBathrooms'] as const) {
    const v = params.get(key)
    if (v && MIN_BATHROOM_OPTIONS.some((o) => o.value === v)) filter[key] = v
  }
  const radius = params.get('radius')
  if (radius && RADIUS_OPTIONS.some((o) => o.value === radius)) filter.radius = radius
  const sort = params.get('sort')
  if (sort === 'nearest' || sort === 'newest') filter.sort = sort
  if (params.get('mine') === 'true') filter.mine = true
  return filter
}

function bedLabel(value: string): string {
  return value === 'studio' ? 'studio' : value === '10' ? '10+' : value
}

/** describeBeds: '2-3 beds', '2+ beds', 'up to 3 beds', '2 beds', 'studio', or '' for any. */
export function describeBeds(min?: string, max?: string): string {
  if (!min && !max) return ''
  if (min && max) {
    if (min === max) return min === 'studio' ? 'studio' : `${bedLabel(min)} ${min === '1' ? 'bed' : 'beds'}`
    return `${bedLabel(min)}-${bedLabel(max)} beds`
  }
  if (min) return min === 'studio' ? 'studio or more' : min === '10' ? '10+ beds' : `${min}+ ${min === '1' ? 'bed' : 'beds'}`
  return max === 'studio' ? 'studio only' : `up to ${bedLabel(max!)} ${max === '1' ? 'bed' : 'beds'}`
}

/** describeRent: '£1,000-£2,000 pcm', 'from £1,000 pcm', 'up to £2,000 pcw', or '' for any. */
export function describeRent(min?: string, max?: string, cycle?: RentCycle): string {
  const lo = rentRank(min)
  const hi = rentRank(max)
  const unit = rentCycleLabel(cycle)
  if (lo !== undefined && hi !== undefined) return `${formatPounds(lo)}-${formatPounds(hi)} ${unit}`
  if (lo !== undefined) return `from ${formatPounds(lo)} ${unit}`
  if (hi !== undefined) return `up to ${formatPounds(hi)} ${unit}`
  return ''
}

/** describeFilter: 'SW11, 2-3 beds, £1,000-£2,000 pcm' ('' when nothing is set). */
export function describeFilter(f: ListingFilter): string {
  return [f.searchArea ?? '', describeBeds(f.minimumBeds, f.maximumBeds), describeRent(f.minimumRent, f.maximumRent, f.rentCycle)]
    .filter(Boolean)
    .join(', ')
}
