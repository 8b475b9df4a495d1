// Pure helpers of the listing search: money from pence, dates, distances, and
// the URL filter turned into GET /api/listings query parameters.
import type { components, operations } from '../../lib/api-schema'
import { rentRank, type ListingFilter, type RentCycle } from './searchOptions'

export type Listing = components['schemas']['Listing']
/** A listing as a search result shows it: the listing page adds the law where the home is. */
export type ListingCard = components['schemas']['ListingCard']
export type ListingPage = components['schemas']['ListingPage']
export type ListingsQuery = NonNullable<operations['searchListings']['parameters']['query']>

/** Results per page (spec 1 section 9). */
export const PAGE_SIZE = 20

const wholePounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 })
const withPence = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 })

/** formatPence: 185000 -> '£1,850'; 185050 -> '£1,850.50' (pence only when not whole pounds). */
export function formatPence(pence: number): string {
  return pence % 100 === 0 ? wholePounds.format(pence / 100) : withPence.format(pence / 100)
}

/**
 * formatRent: '£1,850 pcm'; a weekly rent with its monthly equivalent as the
 * server computed it (weekly x 52 / 12, in pence), '£200 pcw (£866.67 pcm)';
 * 'Price on request' when there is no price.
 */
export function formatRent(pence: number | null | undefined, cycle: RentCycle | undefined, monthlyPence?: number | null): string {
  if (pence === null || pence === undefined) return 'Price on request'
  if (cycle !== 'Weekly') return `${formatPence(pence)} pcm`
  const monthly = monthlyPence === null || monthlyPence === undefined ? '' : ` (${formatPence(monthlyPence)} pcm)`
  return `${formatPence(pence)} pcw${monthly}`
}

/** monthlyEquivalent: '(£866.67 pcm)' for a weekly rent with its server-computed monthly figure, else ''. */
export function monthlyEquivalent(cycle: RentCycle | undefined, monthlyPence?: number | null): string {
  if (cycle !== 'Weekly' || monthlyPence === null || monthlyPence === undefined) return ''
  return `(${formatPence(monthlyPence)} pcm)`
}

/** formatMoveIn: '2026-12-01' -> '01/12/2026' (en-GB); 'Date Not Specified.' when missing or unreadable. */
export function formatMoveIn(date: string | null | undefined): string {
  const m = date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null
  if (!m) return 'Date Not Specified.'
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  if (Number.isNaN(d.getTime())) return 'Date Not Specified.'
  return d.toLocaleDateString('en-GB', { timeZone: 'UTC' })
}

/** townLabel: the town, or 'Town Not Specified' when empty. */
export function townLabel(town: string | null | undefined): string {
  return town?.trim() ? town.trim() : 'Town Not Specified'
}

/** formatDistanceAway: 0.84 -> '0.8 mi away'; under 0.1 -> 'under 0.1 mi away'. */
export function formatDistanceAway(miles: number | null | undefined): string {
  if (miles === null || miles === undefined || !Number.isFinite(miles)) return ''
  if (miles < 0.05) return 'under 0.1 mi away'
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi away`
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** Accessible room counts: '2 bedrooms' (0 bedrooms is 'Studio'), '1 bathroom', '1 living room'. */
export const bedroomsText = (n: number) => (n === 0 ? 'Studio' : plural(n, 'bedroom', 'bedrooms'))
export const bathroomsText = (n: number) => plural(n, 'bathroom', 'bathrooms')
export const livingRoomsText = (n: number) => plural(n, 'living room', 'living rooms')

/** effectiveSort: what the server will sort by (nearest only makes sense with an area). */
export function effectiveSort(f: ListingFilter): 'nearest' | 'newest' {
  if (!f.searchArea) return 'newest'
  return f.sort ?? 'nearest'
}

const intOf = (v: string | undefined) => {
  if (!v) return undefined
  const n = Number(v)
  return Number.isInteger(n) ? n : undefined
}

/**
 * toListingsQuery turns the URL filter into GET /api/listings parameters.
 * Min price '1' (the £100 option) is sent as 100; 'nearest' without an area
 * and mine for anyone but a landlord (a visitor, a tenant) are dropped.
 */
export function toListingsQuery(f: ListingFilter, landlord: boolean): ListingsQuery {
  const q: ListingsQuery = {}
  if (f.searchArea) q.searchArea = f.searchArea
  if (f.searchArea && f.radius) q.radius = Number(f.radius)
  if (f.minimumBeds) q.minimumBeds = f.minimumBeds
  if (f.maximumBeds) q.maximumBeds = f.maximumBeds
  if (f.rentCycle) q.rentCycle = f.rentCycle
  const lo = rentRank(f.minimumRent)
  const hi = rentRank(f.maximumRent)
  if (lo !== undefined) q.minimumRent = lo
  if (hi !== undefined) q.maximumRent = hi
  const minBaths = intOf(f.minimumBathrooms)
  const maxBaths = intOf(f.maximumBathrooms)
  if (minBaths !== undefined) q.minimumBathrooms = minBaths
  if (maxBaths !== undefined) q.maximumBathrooms = maxBaths
  if (f.sort && (f.sort === 'newest' || f.searchArea)) q.sort = f.sort
  if (f.mine && landlord) q.mine = true
  return q
}

/** filterProblem: a sentence when minimum and maximum contradict each other, else ''. */
export function filterProblem(f: ListingFilter): string {
  const bed = (v?: string) => (v === 'studio' ? 0 : v ? Number(v) : undefined)
  const b1 = bed(f.minimumBeds)
  const b2 = bed(f.maximumBeds)
  if (b1 !== undefined && b2 !== undefined && b1 > b2) return 'Minimum bedrooms is more than the maximum.'
  const r1 = rentRank(f.minimumRent)
  const r2 = rentRank(f.maximumRent)
  if (r1 !== undefined && r2 !== undefined && r1 > r2) return 'Minimum price is more than the maximum.'
  const t1 = intOf(f.minimumBathrooms)
  const t2 = intOf(f.maximumBathrooms)
  if (t1 !== undefined && t2 !== undefined && t1 > t2) return 'Minimum bathrooms is more than the maximum.'
  return ''
}

/** The material facts a listing tells a renter before they enquire (issue 25). */
type Facts = {
  propertyType?: string
  depositPence?: number | null
  councilTaxBand?: string
  /** What the listing says where there is no council tax (Northern Ireland). */
  councilTaxNone?: string
  epcRating?: string
  billsIncluded?: string[]
  petsConsidered?: boolean | null
  epcExemption?: { name: string; reference: string } | null
}

const NOT_SAID = 'Not specified'
const pounds = (pence: number) => '£' + (pence / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })

/** billsText: 'Water and Council tax included' or 'No bills included'. */
export function billsText(bills: string[] | undefined): string {
  if (!bills || bills.length === 0) return 'No bills included'
  const list = bills.length === 1 ? bills[0] : bills.slice(0, -1).join(', ') + ' and ' + bills[bills.length - 1]
  return list + ' included'
}

/** petsText: what the listing says about pets. */
export const petsText = (p: boolean | null | undefined) =>
  p === true ? 'Pets considered' : p === false ? 'Pets not usually considered' : NOT_SAID

/** materialFacts: the facts as label and value, in the order the detail page shows them. */
export function materialFacts(l: Facts): { label: string; value: string }[] {
  return [
    { label: 'Property type', value: l.propertyType || NOT_SAID },
    { label: 'Deposit', value: l.depositPence == null ? NOT_SAID : l.depositPence === 0 ? 'No deposit' : pounds(l.depositPence) },
    l.councilTaxNone
      ? { label: 'Council tax', value: l.councilTaxNone }
      : { label: 'Council tax band', value: l.councilTaxBand ? (l.councilTaxBand === 'Exempt' ? 'Exempt' : 'Band ' + l.councilTaxBand) : NOT_SAID },
    { label: 'EPC rating', value: l.epcRating || NOT_SAID },
    ...(l.epcExemption
      ? [{ label: 'EPC exemption', value: `${l.epcExemption.name} (registered, ref. ${l.epcExemption.reference})` }]
      : []),
    { label: 'Bills', value: billsText(l.billsIncluded) },
    {
      label: 'Pets',
      value:
        l.petsConsidered === true
          ? 'Pets considered: ask the landlord'
          : l.petsConsidered === false
            ? 'Not usually considered'
            : NOT_SAID,
    },
  ]
}
