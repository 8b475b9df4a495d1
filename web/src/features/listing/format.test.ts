import { describe, expect, it } from 'vitest'
import { parseListingQuery } from './searchOptions'
import {
  bedroomsText,
  effectiveSort,
  filterProblem,
  formatDistanceAway,
  formatMoveIn,
  formatPence,
  formatRent,
  materialFacts,
  toListingsQuery,
  townLabel,
} from './format'

describe('money', () => {
  it('shows whole pounds with a thousands separator, pence only when needed', () => {
    expect(formatPence(185000)).toBe('£1,850')
    expect(formatPence(185050)).toBe('£1,850.50')
    expect(formatPence(42505)).toBe('£425.05')
    expect(formatPence(0)).toBe('£0')
  })
  it('adds the rent cycle', () => {
    expect(formatRent(185000, 'Monthly')).toBe('£1,850 pcm')
    expect(formatRent(42500, 'Weekly')).toBe('£425 pcw')
    // A weekly rent with the monthly equivalent the server computed (x 52 / 12).
    expect(formatRent(20000, 'Weekly', 86667)).toBe('£200 pcw (£866.67 pcm)')
    expect(formatRent(185000, 'Monthly', 185000)).toBe('£1,850 pcm')
    expect(formatRent(null, 'Monthly')).toBe('Price on request')
  })
})

describe('dates and places', () => {
  it('formats the move-in date en-GB, or says it is missing', () => {
    expect(formatMoveIn('2026-12-01')).toBe('01/12/2026')
    expect(formatMoveIn(null)).toBe('Date Not Specified.')
    expect(formatMoveIn('soon')).toBe('Date Not Specified.')
  })
  it('names the town or says it is missing', () => {
    expect(townLabel('Clapham')).toBe('Clapham')
    expect(townLabel('  ')).toBe('Town Not Specified')
  })
  it('describes distance and rooms', () => {
    expect(formatDistanceAway(0.84)).toBe('0.8 mi away')
    expect(formatDistanceAway(0.01)).toBe('under 0.1 mi away')
    expect(formatDistanceAway(null)).toBe('')
    expect(bedroomsText(2)).toBe('2 bedrooms')
    expect(bedroomsText(1)).toBe('1 bedroom')
    expect(bedroomsText(0)).toBe('Studio')
  })
})

describe('URL filter to API query', () => {
  it('converts the URL names and values', () => {
    const f = parseListingQuery(
      '?searchArea=SW11&minimumBeds=studio&maximumBeds=10&rentCycle=Weekly&minimumRent=1&maximumRent=4000&minimumBathrooms=1&maximumBathrooms=2&radius=0.5&sort=newest&mine=true',
    )
    expect(toListingsQuery(f, true)).toEqual({
      searchArea: 'SW11',
      radius: 0.5,
      minimumBeds: 'studio',
      maximumBeds: '10',
      rentCycle: 'Weekly',
      minimumRent: 100,
      maximumRent: 4000,
      minimumBathrooms: 1,
      maximumBathrooms: 2,
      sort: 'newest',
      mine: true,
    })
  })
  it('drops mine for visitors, and radius and nearest without an area', () => {
    const f = parseListingQuery('?radius=3&sort=nearest&mine=true')
    expect(toListingsQuery(f, false)).toEqual({})
    expect(effectiveSort(f)).toBe('newest')
    expect(effectiveSort({ searchArea: 'SW11' })).toBe('nearest')
  })
  it('spots a minimum above the maximum', () => {
    expect(filterProblem({ minimumBeds: '3', maximumBeds: 'studio' })).toMatch(/bedrooms/)
    expect(filterProblem({ minimumRent: '5000', maximumRent: '4000' })).toMatch(/price/)
    expect(filterProblem({ minimumBathrooms: '3', maximumBathrooms: '1' })).toMatch(/bathrooms/)
    expect(filterProblem({ minimumBeds: 'studio', maximumBeds: '1', minimumRent: '1', maximumRent: '4000' })).toBe('')
  })
})

describe('materialFacts: pets and the EPC exemption', () => {
  it('says No about pets and names a registered exemption', () => {
    const facts = materialFacts({ epcRating: 'F', petsConsidered: false, epcExemption: { name: 'High cost exemption', reference: 'PRS-1' } })
    expect(facts.find((f) => f.label === 'Pets')?.value).toBe('Not usually considered')
    expect(facts.find((f) => f.label === 'EPC exemption')?.value).toBe('High cost exemption (registered, ref. PRS-1)')
    expect(materialFacts({ epcRating: 'C', petsConsidered: null }).map((f) => f.label)).not.toContain('EPC exemption')
  })
})

describe('materialFacts: council tax where the home is', () => {
  it('gives the band, or what the listing says where there is no council tax', () => {
    expect(materialFacts({ councilTaxBand: 'C' }).find((f) => f.label === 'Council tax band')?.value).toBe('Band C')
    const ni = materialFacts({ councilTaxBand: '', councilTaxNone: 'None: homes in Northern Ireland pay domestic rates' })
    expect(ni.find((f) => f.label === 'Council tax')?.value).toBe('None: homes in Northern Ireland pay domestic rates')
    expect(ni.map((f) => f.label)).not.toContain('Council tax band')
  })
})
