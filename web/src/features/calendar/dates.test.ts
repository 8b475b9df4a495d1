import { describe, expect, it } from 'vitest'
import { addDays, addMonths, formatLongDay, gridRange, isDate, monthGrid, todayInLondon, weekOf } from './dates'
import { monthlyEndNote } from './rules'

describe('calendar dates', () => {
  it('lays out a month in whole Monday-first weeks', () => {
    // July 2026 starts on a Wednesday and ends on a Friday.
    const weeks = monthGrid('2026-07')
    expect(weeks).toHaveLength(5)
    expect(weeks[0][0]).toBe('2026-06-29')
    expect(weeks[0][2]).toBe('2026-07-01')
    expect(weeks[4][6]).toBe('2026-08-02')
    expect(gridRange('2026-07')).toEqual({ from: '2026-06-29', to: '2026-08-02' })
    // February 2027 starts on a Monday: exactly four weeks.
    expect(monthGrid('2027-02')).toHaveLength(4)
  })

  it('counts days and months across the clock changes and year ends', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29') // clocks go forward on the 29th
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30')
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26') // clocks go back on the 25th
    expect(addMonths('2026-12', 1)).toBe('2027-01')
    expect(addMonths('2026-01', -1)).toBe('2025-12')
    expect(weekOf('2026-11-05')).toEqual(['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07', '2026-11-08'])
  })

  it("knows today's date in London, not in UTC", () => {
    // 23:30 UTC on 6 July is 00:30 on 7 July in London (summer time).
    expect(todayInLondon(new Date('2026-07-06T23:30:00Z'))).toBe('2026-07-07')
    // In winter London is on UTC.
    expect(todayInLondon(new Date('2026-12-06T23:30:00Z'))).toBe('2026-12-06')
  })

  it('checks and formats dates en-GB', () => {
    expect(isDate('2026-02-29')).toBe(false)
    expect(isDate('2028-02-29')).toBe(true)
    expect(formatLongDay('2026-07-07')).toBe('Tuesday 7 July 2026')
  })

  it('warns that a monthly event on the 31st skips shorter months', () => {
    expect(monthlyEndNote('2026-01-31', 'monthly')).toMatch(/Months without a 31st are skipped/)
    expect(monthlyEndNote('2026-01-28', 'monthly')).toBe('')
    expect(monthlyEndNote('2026-01-31', 'weekly')).toBe('')
  })
})

describe('sources of generated dates', () => {
  it('reads the law and its address', async () => {
    const { splitSource } = await import('./components/EventList')
    expect(splitSource('Housing Act 2004, sections 213 and 214 (https://www.legislation.gov.uk/ukpga/2004/34/section/213)')).toEqual({
      name: 'Housing Act 2004, sections 213 and 214',
      url: 'https://www.legislation.gov.uk/ukpga/2004/34/section/213',
    })
    expect(splitSource('Gas Safety (Installation and Use) Regulations 1998, regulation 36')).toEqual({
      name: 'Gas Safety (Installation and Use) Regulations 1998, regulation 36',
      url: '',
    })
  })
})
