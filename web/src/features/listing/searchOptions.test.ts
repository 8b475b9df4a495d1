import { describe, it, expect } from 'vitest'
import {
  MAX_BEDROOM_OPTIONS,
  MAX_PRICE_OPTIONS,
  MIN_BEDROOM_OPTIONS,
  MIN_PRICE_OPTIONS,
  MIN_BATHROOM_OPTIONS,
  MAX_BATHROOM_OPTIONS,
  RADIUS_OPTIONS,
  buildListingQuery,
  describeFilter,
  listingSearchPath,
  parseListingQuery,
} from './searchOptions'

describe('bedroom options (spec 1 section 9)', () => {
  it('minimum: No Min, Studio, 1 to 9, 10+', () => {
    expect(MIN_BEDROOM_OPTIONS.map((o) => o.label)).toEqual(['No Min', 'Studio', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10+'])
    expect(MIN_BEDROOM_OPTIONS.map((o) => o.value)).toEqual(['', 'studio', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10'])
  })
  it('maximum: No Max, Studio, 1 to 9, 10+', () => {
    expect(MAX_BEDROOM_OPTIONS.map((o) => o.label)).toEqual(['No Max', 'Studio', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10+'])
    expect(MAX_BEDROOM_OPTIONS.map((o) => o.value)).toEqual(['', 'studio', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10'])
  })
})

describe('price options (spec 1 section 9)', () => {
  it('minimum: 100 (value 1), 200..1000 by 100, 1,250..5,750 by 250', () => {
    expect(MIN_PRICE_OPTIONS.map((o) => o.value)).toEqual([
      '1', '200', '300', '400', '500', '600', '700', '800', '900', '1000',
      '1250', '1500', '1750', '2000', '2250', '2500', '2750', '3000', '3250', '3500',
      '3750', '4000', '4250', '4500', '4750', '5000', '5250', '5500', '5750',
    ])
    expect(MIN_PRICE_OPTIONS[0].label).toBe('£100')
    expect(MIN_PRICE_OPTIONS[10].label).toBe('£1,250')
    expect(MIN_PRICE_OPTIONS.at(-1)?.label).toBe('£5,750')
  })
  it('maximum: 4,000..7,750 by 250, 8,000, 8,500..10,000 by 500, 12k, 15k, 17k, 20k, 25k', () => {
    expect(MAX_PRICE_OPTIONS.map((o) => Number(o.value))).toEqual([
      4000, 4250, 4500, 4750, 5000, 5250, 5500, 5750, 6000, 6250, 6500, 6750, 7000, 7250, 7500, 7750,
      8000, 8500, 9000, 9500, 10000, 12000, 15000, 17000, 20000, 25000,
    ])
    expect(MAX_PRICE_OPTIONS[0].label).toBe('£4,000')
    expect(MAX_PRICE_OPTIONS.at(-1)?.label).toBe('£25,000')
  })
})

describe('listing query', () => {
  it('is empty when nothing is set', () => {
    expect(buildListingQuery({})).toBe('')
    expect(buildListingQuery({ searchArea: '   ', minimumBeds: '', maximumRent: '' })).toBe('')
    expect(listingSearchPath({})).toBe('/listing')
  })
  it('carries every filter in a fixed order and omits empty ones', () => {
    expect(
      buildListingQuery({
        maximumRent: '4000',
        minimumRent: '1',
        rentCycle: 'Weekly',
        maximumBeds: '10',
        minimumBeds: 'studio',
        searchArea: ' SW11 ',
      }),
    ).toBe('?searchArea=SW11&minimumBeds=studio&maximumBeds=10&rentCycle=Weekly&minimumRent=1&maximumRent=4000')
    expect(listingSearchPath({ searchArea: 'Clapham', rentCycle: 'Monthly', maximumBeds: '' })).toBe(
      '/listing?searchArea=Clapham&rentCycle=Monthly',
    )
  })
  it('encodes the search area', () => {
    expect(buildListingQuery({ searchArea: 'St Albans & Harpenden' })).toBe('?searchArea=St+Albans+%26+Harpenden')
  })
  it('round-trips through parseListingQuery and ignores junk', () => {
    const f = { searchArea: 'SW11', minimumBeds: '2', maximumBeds: '3', rentCycle: 'Monthly' as const, minimumRent: '1000', maximumRent: '2000' }
    expect(parseListingQuery(buildListingQuery(f))).toEqual(f)
    expect(parseListingQuery('?minimumBeds=11&rentCycle=Daily&minimumRent=abc&foo=1')).toEqual({})
  })
  it('describes the filter for people', () => {
    expect(describeFilter({ searchArea: 'SW11', minimumBeds: '2', maximumBeds: '3', minimumRent: '1000', maximumRent: '2000' })).toBe(
      'SW11, 2-3 beds, £1,000-£2,000 pcm',
    )
    expect(describeFilter({ minimumBeds: 'studio', maximumBeds: 'studio', rentCycle: 'Weekly', maximumRent: '4000' })).toBe(
      'studio, up to £4,000 pcw',
    )
    expect(describeFilter({ minimumBeds: '10', minimumRent: '1' })).toBe('10+ beds, from £100 pcm')
    expect(describeFilter({})).toBe('')
  })
})

describe('extra listing filters', () => {
  it('offers bathrooms 1 to 5 and the radius choices', () => {
    expect(MIN_BATHROOM_OPTIONS.map((o) => o.label)).toEqual(['No Min', '1', '2', '3', '4', '5'])
    expect(MAX_BATHROOM_OPTIONS.map((o) => o.label)).toEqual(['No Max', '1', '2', '3', '4', '5'])
    expect(RADIUS_OPTIONS.map((o) => o.value)).toEqual(['', '0.25', '0.5', '1', '3', '5', '10'])
  })
  it('round-trips bathrooms, radius, sort and mine', () => {
    const f = { searchArea: 'SW11', minimumBathrooms: '1', maximumBathrooms: '3', radius: '0.5', sort: 'newest' as const, mine: true }
    expect(buildListingQuery(f)).toBe('?searchArea=SW11&minimumBathrooms=1&maximumBathrooms=3&radius=0.5&sort=newest&mine=true')
    expect(parseListingQuery(buildListingQuery(f))).toEqual(f)
    expect(parseListingQuery('?radius=2&sort=random&mine=yes&minimumBathrooms=9')).toEqual({})
  })
})
