import { describe, expect, it } from 'vitest'
import { displayToIso, formatRent, isoToDisplay, onlyDigits, penceToPounds, poundsToPence, typeMoveInDate } from './format'

/** typeAll feeds s one character at a time, as the input's onChange would. */
function typeAll(s: string): string {
  let v = ''
  for (const ch of s) v = typeMoveInDate(v + ch, v)
  return v
}

describe('typeMoveInDate', () => {
  it('inserts slashes as digits are typed', () => {
    expect(typeAll('1')).toBe('1')
    expect(typeAll('12')).toBe('12/')
    expect(typeAll('1209')).toBe('12/09/')
    expect(typeAll('12092025')).toBe('12/09/2025')
  })
  it('keeps at most 10 characters', () => {
    expect(typeAll('120920251234')).toBe('12/09/2025')
    expect(typeMoveInDate('12/09/20251')).toBe('12/09/2025')
  })
  it('clamps the day to 01..31 and the month to 01..12', () => {
    expect(typeAll('35')).toBe('31/')
    expect(typeAll('00')).toBe('01/')
    expect(typeAll('3')).toBe('3')
    expect(typeAll('32')).toBe('31/')
    expect(typeAll('0113')).toBe('01/12/')
    expect(typeAll('0100')).toBe('01/01/')
    expect(typeAll('012')).toBe('01/02/')
    expect(typeMoveInDate('45/19/2025')).toBe('04/05/1920')
  })
  it('pads a first day digit above 3 and a first month digit above 1', () => {
    expect(typeAll('5')).toBe('05/')
    expect(typeAll('052')).toBe('05/02/')
    expect(typeAll('5')).toBe('05/')
  })
  it('drops letters and lets backspace remove a slash', () => {
    expect(typeMoveInDate('1a2b', '1a2')).toBe('12/')
    expect(typeMoveInDate('12', '12/')).toBe('12')
    expect(typeMoveInDate('12/09', '12/09/')).toBe('12/09')
  })
  it('reformats a pasted date', () => {
    expect(typeMoveInDate('01-10-2025')).toBe('01/10/2025')
  })
})

describe('DD/MM/YYYY <-> ISO', () => {
  it('converts both ways', () => {
    expect(displayToIso('01/10/2025')).toBe('2025-10-01')
    expect(isoToDisplay('2025-10-01')).toBe('01/10/2025')
    expect(isoToDisplay('2025-10-01T00:00:00Z')).toBe('01/10/2025')
  })
  it('rejects incomplete or impossible dates', () => {
    expect(displayToIso('01/10/202')).toBe('')
    expect(displayToIso('31/02/2025')).toBe('')
    expect(displayToIso('29/02/2024')).toBe('2024-02-29')
    expect(isoToDisplay(null)).toBe('')
    expect(isoToDisplay('')).toBe('')
  })
})

describe('money', () => {
  it('strips non-digits', () => {
    expect(onlyDigits('£1,2a50')).toBe('1250')
  })
  it('converts whole pounds to pence and back', () => {
    expect(poundsToPence('1250')).toBe(125000)
    expect(poundsToPence('')).toBe(0)
    expect(penceToPounds(125000)).toBe('1250')
    expect(penceToPounds(null)).toBe('')
    expect(penceToPounds(0)).toBe('')
  })
  it('shows rent with a pound sign, separators and the cycle', () => {
    expect(formatRent(125000, 'Monthly')).toBe('£1,250 pcm')
    expect(formatRent(30000, 'Weekly')).toBe('£300 pcw')
    expect(formatRent(1234567, 'Monthly')).toBe('£12,345.67 pcm')
    expect(formatRent(null, 'Monthly')).toBe('')
  })
})
