// Issue 17: a landlord creates a weekly viewing with an attendee and a
// 1-hour alert, sees it on the right days in two months, edits one
// occurrence, deletes the series; the attendee's invitation and
// cancellation (with their .ics files) are in the development mailbox; the
// feed URL returns a calendar with the event and a generated gas safety
// expiry (recorded in an inventory report; the documents area's own
// certificates are checked by the last test).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { checkPage, sameOrigin, snap, ukDay, uniqueEmail, type MailMessage } from '../support/helpers'
import { landlordWithProperty, waitForMail } from '../support/refcheck'
import { addCertificate } from '../support/certificates'

type Attachment = { name: string; contentType: string; size: number; url: string }
type MailWithFiles = MailMessage & { attachments?: Attachment[] }

const pad = (n: number) => String(n).padStart(2, '0')
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
const day = (s: string) => new Date(`${s}T00:00:00Z`)
const addDays = (s: string, n: number) => iso(new Date(day(s).getTime() + n * 86_400_000))
const addMonths = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number)
  return iso(new Date(Date.UTC(y, m - 1 + n, 1))).slice(0, 7)
}
const longDay = (s: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(day(s)).replace(',', '')
/** daysOf lists every day of a month. */
function daysOf(month: string): string[] {
  const out: string[] = []
  for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1)) out.push(d)
  return out
}
const isThursday = (s: string) => day(s).getUTCDay() === 4

/** dayButton is a day of the month grid. */
const dayButton = (page: Page, date: string) => page.locator(`button.cal-day[data-date="${date}"]`)

/** expectMarked checks every day of the month shown: events exactly on `expected`. */
async function expectMarked(page: Page, month: string, expected: string[]) {
  for (const d of daysOf(month)) {
    await expect(dayButton(page, d), `${d} ${expected.includes(d) ? 'has' : 'has no'} event`).toHaveAttribute(
      'aria-label',
      expected.includes(d) ? /, 1 event$/ : /, no events$/,
    )
  }
}

/** vevents splits an iCalendar text into its VEVENT blocks (folded lines unfolded). */
function vevents(ics: string): string[] {
  return ics.replace(/\r?\n[ \t]/g, '').split('BEGIN:VEVENT').slice(1)
}

/** gasCertificateInReport records a gas safety certificate expiring on `expiry` in a new inventory report of the landlord's property. */
async function gasCertificateInReport(page: Page, expiry: string) {
  const props = await page.request.get('/api/properties')
  const propertyId = ((await props.json()) as { properties: Array<{ id: string }> }).properties[0].id
  const made = await page.request.post('/api/inventory/reports', { headers: sameOrigin, data: { propertyId, type: 'Inventory' } })
  expect(made.status(), await made.text()).toBe(201)
  const report = ((await made.json()) as { report: { id: string; revision: number; data: Record<string, unknown> } }).report
  // A page of the certificate: a small PNG drawn by the browser.
  const png = await page.evaluate(() => {
    const c = document.createElement('canvas')
    c.width = 120
    c.height = 160
    const g = c.getContext('2d')!
    g.fillStyle = '#fff8e1'
    g.fillRect(0, 0, 120, 160)
    g.fillStyle = '#b54708'
    g.fillText('CP12', 40, 80)
    return c.toDataURL('image/png').split(',')[1]
  })
  const up = await page.request.post(`/api/inventory/reports/${report.id}/photos?origin=upload`, {
    headers: sameOrigin,
    multipart: { file: { name: 'cp12.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') } },
  })
  expect(up.status(), await up.text()).toBe(201)
  const photo = ((await up.json()) as { photo: { name: string } }).photo
  const data = { ...report.data, documentsAndCompliance: [{ kind: 'Gas Safety Certificate', expiry, files: [photo.name] }] }
  const saved = await page.request.put(`/api/inventory/reports/${report.id}/data`, { headers: sameOrigin, data: { revision: report.revision, data } })
  expect(saved.status(), await saved.text()).toBe(200)
}

async function icsOf(request: APIRequestContext, mail: MailWithFiles): Promise<string> {
  const ics = (mail.attachments ?? []).find((a) => a.name.endsWith('.ics'))
  expect(ics, `an .ics attachment on "${mail.subject}"`).toBeTruthy()
  expect(ics!.contentType).toMatch(/^text\/calendar/)
  const res = await request.get(ics!.url)
  expect(res.status()).toBe(200)
  return res.text()
}

test('a landlord plans a weekly viewing, moves one, shares the feed and deletes the series; the attendee is told @phone', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000) // ran 2.1 min on a slow 2-core CI machine
  const landlord = await landlordWithProperty(page, request, 'cal')
  const attendee = { first: 'Amy', last: 'Lee', email: uniqueEmail('cal-amy') }

  // The viewing: every Thursday from the first Thursday of next month up to the 14th of the month after.
  const month1 = addMonths(ukDay().slice(0, 7), 1)
  const month2 = addMonths(month1, 1)
  const start = daysOf(month1).find(isThursday)!
  const limit = `${month2}-14`
  const thursdays1 = daysOf(month1).filter(isThursday)
  const thursdays2 = daysOf(month2).filter((d) => isThursday(d) && d <= limit)

  await page.goto('/calendar')
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
  await expect(page.locator('button.cal-day[aria-current="date"]')).toHaveCount(1)
  await checkPage(page, testInfo, 'calendar-empty', { phoneAxe: true })

  // Create it through the sub-screens.
  await page.getByRole('link', { name: 'New event' }).click()
  await expect(page.getByRole('heading', { name: 'New event' })).toBeVisible()
  await page.getByRole('button', { name: 'Save event' }).click()
  await expect(page.locator('.form-message--error')).toHaveText('Please fill all the fields')
  await page.getByLabel('Event type').selectOption('Viewings')
  await page.getByLabel('Title', { exact: true }).fill('Viewing at 8 Northcote Road')
  await page.getByLabel('Description').fill('Show the flat to applicants; bring the spare keys.')

  await page.getByRole('button', { name: /^Location/ }).click()
  await expect(page.getByRole('heading', { name: 'Location' })).toBeVisible()
  await snap(page, testInfo, 'calendar-form-location')
  await page.getByRole('button', { name: /8 Northcote Road, London SW11 1NT/ }).click()

  await page.getByRole('button', { name: /^People/ }).click()
  await page.getByLabel('Name', { exact: true }).fill(attendee.first)
  await page.getByLabel('Last name').fill(attendee.last)
  await page.getByLabel('E-mail').fill(attendee.email)
  await page.getByRole('button', { name: 'Add person' }).click()
  await expect(page.getByRole('list', { name: 'People invited' }).getByText('Amy Lee')).toBeVisible()
  await checkPage(page, testInfo, 'calendar-form-people')
  await page.getByRole('button', { name: 'Done' }).click()

  await page.getByRole('button', { name: /^Time and date/ }).click()
  await page.getByLabel('Date', { exact: true }).fill(start)
  await page.getByLabel('Start time').fill('10:00')
  await page.getByLabel('End time').fill('10:30')
  await page.getByRole('button', { name: 'Done' }).click()

  await page.getByRole('button', { name: /^Frequency/ }).click()
  await page.getByRole('radio', { name: 'Weekly' }).check()
  await page.getByLabel(/Limit date/).fill(limit)
  await checkPage(page, testInfo, 'calendar-form-frequency')
  await page.getByRole('button', { name: 'Done' }).click()

  await page.getByRole('button', { name: /^Alert/ }).click()
  await page.getByRole('button', { name: '1 hour before' }).click()
  await expect(page.getByRole('button', { name: /^Alert/ })).toContainText('1 hour before')
  await checkPage(page, testInfo, 'calendar-form')
  await page.getByRole('button', { name: 'Save event' }).click()

  // On the right days in two months.
  await expect(page).toHaveURL(new RegExp(`/calendar\\?month=${month1}&date=${start}`))
  await expect(page.getByText('Event saved')).toBeVisible()
  await expect(page.getByRole('heading', { name: new RegExp(`^${longDay(start)}`) }).first()).toBeVisible()
  await expectMarked(page, month1, thursdays1)
  await checkPage(page, testInfo, 'calendar-month')
  await page.getByRole('button', { name: 'Next month' }).click()
  await expectMarked(page, month2, thursdays2)
  await expect(page.getByRole('region', { name: /^Events in / }).getByRole('link', { name: /Viewing at 8 Northcote Road/ })).toHaveCount(thursdays2.length)

  // The tiles filter by type; the search finds it by its attendee's name.
  await page.getByRole('button', { name: 'Vendors', exact: true }).click()
  await expect(page).toHaveURL(/category=Vendors/)
  await expectMarked(page, month2, [])
  await page.getByRole('button', { name: 'Viewings', exact: true }).click()
  await expectMarked(page, month2, thursdays2)
  await page.getByRole('button', { name: 'All', exact: true }).click()
  await page.getByRole('button', { name: 'Search events' }).click()
  await page.getByRole('searchbox').fill('amy lee')
  const results = page.getByRole('region', { name: 'Results for amy lee' })
  await expect(results.getByRole('link', { name: /Viewing at 8 Northcote Road/ })).toHaveCount(thursdays1.length + thursdays2.length)
  await checkPage(page, testInfo, 'calendar-search')
  await page.getByRole('searchbox').fill('nobody by that name')
  await expect(page.getByText('No events match.')).toBeVisible()
  await page.getByRole('button', { name: 'Search events' }).click()

  // The week and agenda views (for phones) show it too.
  await page.getByRole('button', { name: 'Week', exact: true }).click()
  await expect(page.getByRole('link', { name: /Viewing at 8 Northcote Road/ })).toHaveCount(1)
  await snap(page, testInfo, 'calendar-week')
  await page.getByRole('button', { name: 'Month', exact: true }).click()

  // The invitation, with its .ics.
  const invite = (await waitForMail(request, attendee.email, /^Invitation: Viewing at 8 Northcote Road/)) as MailWithFiles
  const inviteIcs = await icsOf(request, invite)
  expect(inviteIcs).toContain('METHOD:REQUEST')
  expect(inviteIcs).toMatch(/RRULE:FREQ=WEEKLY/)

  // Edit one occurrence: the second Thursday moves to Friday 11:00.
  const second = thursdays1[1]
  const friday = addDays(second, 1)
  await page.goto(`/calendar?month=${month1}`)
  await dayButton(page, second).click()
  await page.getByRole('region', { name: `Events on ${longDay(second)}` }).getByRole('link', { name: /Viewing at 8 Northcote Road/ }).click()
  await expect(page.getByRole('heading', { name: 'Viewing at 8 Northcote Road', level: 1 })).toBeVisible()
  await expect(page.getByText(longDay(second))).toBeVisible()
  await checkPage(page, testInfo, 'calendar-view')
  await page.getByRole('button', { name: 'Edit' }).click()
  await page.getByRole('dialog', { name: 'Edit event' }).getByRole('link', { name: 'This occurrence' }).click()
  await expect(page.getByRole('heading', { name: 'Edit this occurrence' })).toBeVisible()
  await page.getByLabel('Title', { exact: true }).fill('Viewing at 8 Northcote Road (moved)')
  await page.getByLabel('Date', { exact: true }).fill(friday)
  await page.getByLabel('Start time').fill('11:00')
  await page.getByLabel('End time').fill('11:30')
  await checkPage(page, testInfo, 'calendar-occurrence')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { name: 'Viewing at 8 Northcote Road (moved)', level: 1 })).toBeVisible()
  await expect(page.getByText(longDay(friday))).toBeVisible()
  await expect(page.getByText('11:00 – 11:30')).toBeVisible()
  await page.getByRole('link', { name: 'Back to the calendar' }).click()
  await expectMarked(page, month1, thursdays1.map((d) => (d === second ? friday : d)))

  // A gas safety certificate recorded in an inventory report's compliance documents: its expiry
  // appears by itself (Certificates), with a link to the report, and can be marked done.
  const month3 = addMonths(month2, 1)
  const gasExpiry = `${month3}-15`
  await gasCertificateInReport(page, gasExpiry)
  await page.goto(`/calendar?month=${month3}&category=Certificates`)
  await expect(dayButton(page, gasExpiry)).toHaveAttribute('aria-label', /, 1 event$/)
  const gasItem = page.locator('.cal-event--generated').filter({ hasText: /Gas Safety Certificate expires/ })
  await expect(gasItem).toBeVisible()
  await expect(gasItem.getByRole('link', { name: /Open the record/ })).toHaveAttribute('href', /\/NewReport\?id=.+&view=preview/)
  await checkPage(page, testInfo, 'calendar-certificates')
  await gasItem.getByRole('button', { name: /Mark done/ }).click()
  await expect(gasItem.getByText('Done', { exact: true })).toBeVisible()
  await gasItem.getByRole('button', { name: /Mark not done/ }).click()
  await expect(gasItem.getByRole('button', { name: /Mark done/ })).toBeVisible()
  await page.goto(`/calendar?month=${month1}`)

  // The feed: turned on, its address answers an iCalendar with the series and the moved occurrence.
  await page.getByRole('button', { name: 'Calendar feed' }).click()
  const feedDialog = page.getByRole('dialog', { name: 'Calendar feed' })
  await feedDialog.getByRole('button', { name: 'Turn on the calendar feed' }).click()
  const address = feedDialog.getByLabel("Your calendar's private address")
  await expect(address).toHaveValue(/\/api\/calendar\/feed\/.+\.ics$/)
  await checkPage(page, testInfo, 'calendar-feed', { phoneAxe: true })
  await expect(feedDialog.getByText('Copy this address now: it is shown only this once.')).toBeVisible()
  const firstURL = await address.inputValue()
  const feed = await request.get(firstURL)
  expect(feed.status()).toBe(200)
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/)
  const ics = await feed.text()
  expect(ics).toContain('BEGIN:VCALENDAR')
  expect(ics).toContain('BEGIN:VTIMEZONE')
  expect(ics).toContain('SUMMARY:Viewing at 8 Northcote Road')
  expect(ics).toMatch(/RRULE:FREQ=WEEKLY/)
  expect(ics).toMatch(/RECURRENCE-ID/)
  // ...and the generated gas safety expiry, an all-day event.
  const gasEvent = vevents(ics).find((e) => /^SUMMARY:.*Gas Safety Certificate expires/im.test(e))
  expect(gasEvent, 'a VEVENT for the gas safety expiry').toBeTruthy()
  expect(gasEvent).toContain(`DTSTART;VALUE=DATE:${gasExpiry.replaceAll('-', '')}`)
  await feedDialog.getByRole('button', { name: 'Close' }).click()

  // Issue 26: the address is shown once (only its hash is kept); opened
  // again, the dialog says it is hidden and offers a reset. Confirming the
  // reset keeps the feed dialog open on the new address, ready to copy; the
  // old address stops working.
  await page.reload()
  await page.getByRole('button', { name: 'Calendar feed' }).click()
  await expect(feedDialog.getByText(/Its private address is hidden/)).toBeVisible()
  await expect(feedDialog.getByLabel("Your calendar's private address")).toHaveCount(0)
  expect(await page.content()).not.toContain(firstURL.split('/').pop()!)
  await checkPage(page, testInfo, 'calendar-feed-hidden', { phoneAxe: true })
  await feedDialog.getByRole('button', { name: 'Reset the address' }).click()
  await page.getByRole('dialog', { name: 'Reset the address' }).getByRole('button', { name: 'Reset' }).click()
  await expect(page.getByText('Your calendar has a new address; the old one no longer works.')).toBeVisible()
  await expect(feedDialog).toBeVisible()
  await expect(address).toHaveValue(/\/api\/calendar\/feed\/.+\.ics$/)
  const feedURL = await address.inputValue()
  expect(feedURL).not.toBe(firstURL)
  await checkPage(page, testInfo, 'calendar-feed-reset', { phoneAxe: true })
  expect((await request.get(firstURL)).status()).toBe(404)
  expect((await request.get(feedURL)).status()).toBe(200)
  await feedDialog.getByRole('button', { name: 'Close' }).click()

  // Delete the whole series.
  await page.goto(`/calendar?month=${month2}`)
  await dayButton(page, thursdays2[0]).click()
  await page.getByRole('region', { name: `Events on ${longDay(thursdays2[0])}` }).getByRole('link', { name: /Viewing at 8 Northcote Road/ }).click()
  await page.getByRole('button', { name: 'Delete event' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete event' })
  await expect(confirm.getByRole('radio', { name: /This occurrence/ })).toBeChecked()
  await confirm.getByRole('radio', { name: /The whole series/ }).check()
  await checkPage(page, testInfo, 'calendar-delete', { phoneAxe: true })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Event deleted')).toBeVisible()
  await expectMarked(page, month2, [])
  await page.getByRole('button', { name: 'Previous month' }).click()
  await expectMarked(page, month1, [])

  // The cancellation, with its .ics.
  const cancel = (await waitForMail(request, attendee.email, /^Cancelled: Viewing at 8 Northcote Road/)) as MailWithFiles
  expect(await icsOf(request, cancel)).toContain('METHOD:CANCEL')

  // The feed no longer carries it.
  expect(await (await request.get(feedURL)).text()).not.toContain('SUMMARY:Viewing at 8 Northcote Road')
  expect(landlord.email).toBeTruthy()
})

// Enabled when documents merges: a certificate uploaded in the documents
// area (built on another branch) gives a generated expiry too. The lead turns
// this on. (The journey above already checks the expiry of a certificate
// recorded in an inventory report.)
test('the feed carries the generated gas safety expiry of a certificate from the documents area', async ({ page, request }) => {
  await landlordWithProperty(page, request, 'cal-gas')
  const props = await page.request.get('/api/properties')
  const propertyId = ((await props.json()) as { properties: Array<{ id: string }> }).properties[0].id
  // Issued eleven months ago: it expires next month.
  const issuedOn = iso(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 11, 10)))
  const { expiresOn } = await addCertificate(page.request, { propertyId, type: 'gas-safety', issuedOn }, 'cp12.pdf')
  const on = await page.request.post('/api/calendar/feed', { headers: sameOrigin })
  const feedURL = ((await on.json()) as { url: string }).url
  const ics = await (await request.get(feedURL)).text()
  // An all-day event on the expiry date, named for the gas safety certificate.
  const gas = vevents(ics).find((e) => /^SUMMARY:.*gas safety/im.test(e))
  expect(gas, 'a VEVENT for the gas safety expiry').toBeTruthy()
  expect(gas).toContain(`DTSTART;VALUE=DATE:${expiresOn.replaceAll('-', '')}`)
})

// Issue 26: at 390 px the category tiles were one row cut at "Cert..." with
// Maintenance and Tenancy off-screen and no sign they scrolled. Every tile,
// with its whole label, is now inside the page.
test('every category tile and its whole label is in view on a phone @phone', async ({ page, request }, testInfo) => {
  await landlordWithProperty(page, request, 'cal-tiles')
  await page.goto('/calendar')
  const tiles = page.getByRole('group', { name: 'Event types' }).getByRole('button')
  await expect(tiles).toHaveCount(7, { timeout: 20_000 })
  const width = page.viewportSize()!.width
  for (const name of ['All', 'Vendors', 'Viewings', 'Wallet', 'Certificates', 'Maintenance', 'Tenancy']) {
    const tile = page.getByRole('group', { name: 'Event types' }).getByRole('button', { name, exact: true })
    await expect(tile).toBeVisible()
    const box = (await tile.boundingBox())!
    expect(box.x, `${name} starts inside the page`).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width, `${name} ends inside the page (${width} px)`).toBeLessThanOrEqual(width)
    // The label is whole: not cut, not wider than its tile.
    const label = tile.locator('.cal-tile__name')
    await expect(label).toHaveText(name)
    const fits = await label.evaluate((el) => {
      const r = el.getBoundingClientRect()
      const t = el.parentElement!.getBoundingClientRect()
      return el.scrollWidth <= el.clientWidth + 1 && r.left >= t.left - 1 && r.right <= t.right + 1
    })
    expect(fits, `${name}: the whole label fits its tile`).toBe(true)
  }
  // Nothing scrolls sideways.
  const tileRow = page.getByRole('group', { name: 'Event types' })
  expect(await tileRow.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  const tenancy = tileRow.getByRole('button', { name: 'Tenancy', exact: true })
  await tenancy.click()
  await expect(tenancy).toHaveAttribute('aria-pressed', 'true')
  await snap(page, testInfo, 'calendar-tiles')
})
