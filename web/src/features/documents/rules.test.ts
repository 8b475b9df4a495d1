import { describe, expect, it } from 'vitest'
import { addDays, addMonths, detailsHref, expiryText, fileProblem, formatDay, formatSize, isView, latestExpiry, longDay, MSG, termMessage, todayInLondon } from './rules'
import { types } from './testData'

describe('expiryText', () => {
  it('says the days left, today, or how long ago it expired', () => {
    expect(expiryText(20)).toBe('20 days left')
    expect(expiryText(1)).toBe('1 day left')
    expect(expiryText(0)).toBe('Expires today')
    expect(expiryText(-1)).toBe('Expired 1 day ago')
    expect(expiryText(-3)).toBe('Expired 3 days ago')
  })
})

describe('dates', () => {
  it('shows days as DD/MM/YYYY', () => {
    expect(formatDay('2026-05-14')).toBe('14/05/2026')
    expect(formatDay('')).toBe('')
    expect(formatDay('2026-05-14T23:30:00Z')).toBe('15/05/2026') // British Summer Time
  })

  it('adds a term of months, keeping to the month’s last day', () => {
    expect(addMonths('2026-03-10', 12)).toBe('2027-03-10')
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28')
    expect(addMonths('2026-11-15', 60)).toBe('2031-11-15')
    expect(addMonths('nonsense', 12)).toBe('')
  })

  it('writes days in words, as the server’s messages do', () => {
    expect(longDay('2027-01-10')).toBe('10 January 2027')
    expect(longDay('nonsense')).toBe('')
  })

  it('knows the latest expiry a term fixed by law allows, and says it as the server does', () => {
    const t = (id: string) => types.find((x) => x.id === id)
    // Gas: 12 months, or 14 when the check was made early and kept the old date.
    expect(latestExpiry(t('gas-safety'), '2026-01-10')).toBe('2027-03-10')
    expect(termMessage(t('gas-safety'), '2026-01-10')).toBe(
      'A Gas Safety Certificate lasts 12 months, or up to 14 months when the check was made in the 2 months before the last one ran out: it expires by 10 March 2027.',
    )
    expect(termMessage(t('eicr'), '2025-01-10')).toBe('An Electrical Installation Condition Report lasts 5 years: it expires by 10 January 2030.')
    expect(termMessage(t('epc'), '2024-02-29')).toBe('An Energy Performance Certificate lasts 10 years: it expires by 28 February 2034.')
    // The council sets an HMO licence's term; Other has none.
    expect(latestExpiry(t('hmo-licence'), '2026-01-10')).toBe('')
    expect(termMessage(t('other'), '2026-01-10')).toBe('')
  })

  it('adds days across months and years', () => {
    expect(addDays('2026-12-20', 20)).toBe('2027-01-09')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })

  it('knows today in London (after 23:00 UTC in summer it is already tomorrow)', () => {
    expect(todayInLondon(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02')
    expect(todayInLondon(new Date('2026-01-01T23:30:00Z'))).toBe('2026-01-01')
  })
})

describe('files', () => {
  it('takes PDF, JPEG and PNG up to 10 MB', () => {
    expect(fileProblem({ name: 'cp12.pdf', type: 'application/pdf', size: 200_000 })).toBe('')
    expect(fileProblem({ name: 'photo.jpg', type: 'image/jpeg', size: 10 * 1024 * 1024 })).toBe('')
    expect(fileProblem({ name: 'scan.png', type: '', size: 1 })).toBe('')
    expect(fileProblem({ name: 'big.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 + 1 })).toBe(MSG.fileTooLarge)
    expect(fileProblem({ name: 'notes.docx', type: 'application/msword', size: 10 })).toBe(MSG.fileType)
  })

  it('writes sizes for people', () => {
    expect(formatSize(900)).toBe('900 bytes')
    expect(formatSize(820 * 1024)).toBe('820 KB')
    expect(formatSize(2.4 * 1024 * 1024)).toBe('2.4 MB')
  })
})

describe('views', () => {
  it('keeps the spec’s casing and carries the property in the address', () => {
    expect(isView('Certificates')).toBe(true)
    expect(isView('certificates')).toBe(false)
    expect(detailsHref('Certificates', 'p 1')).toBe('/documents/Certificates?details=true&propertyId=p+1')
  })
})
