// Issue 16: a landlord keeps a property's certificates in the documents
// area. On the demo's draft property (no certificates yet) the landlord
// uploads a gas safety certificate PDF expiring in 20 days, sees it red
// with '20 days left', sees Action needed 1 on the menu's Certificates
// card, replaces it with one expiring next year and the count drops to 0;
// the reminder e-mail for the first one reached the development mailbox
// exactly once.
//
// Both projects share one server: the phone makes the journey as the demo
// landlord (as the issue says); the desktop makes it as a new landlord with
// two properties, so the two never count each other's certificates.
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { checkPage, createVerifiedUser, demo, isPhone, mailbox, sameOrigin, signInViaApi, ukDay } from '../support/helpers'
import { addPhotoViaApi } from '../support/photos'

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10)
}

/** addMonths as the page computes it: a day the month lacks becomes its last day. */
function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number)
  const mo = m - 1 + n
  const ty = y + Math.floor(mo / 12)
  const tm = ((mo % 12) + 12) % 12
  const last = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate()
  return new Date(Date.UTC(ty, tm, Math.min(d, last))).toISOString().slice(0, 10)
}

/** A small but real PDF (the server judges files by their content). */
function pdf(title: string): Buffer {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
    `4 0 obj << /Length ${44 + title.length} >> stream`,
    `BT /F1 24 Tf 72 760 Td (${title}) Tj ET`,
    'endstream endobj',
    '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ]
  return Buffer.from(body.join('\n'))
}

async function certificatesCount(page: Page) {
  return page.getByTestId('docs-card-Certificates').locator('.docs-card__count')
}

type Who = { email: string; password: string; propertyLine: string }

/** certificatesOf counts the certificates (current and history) of the signed-in landlord's property with that first line. */
async function certificatesOf(page: Page, line: string): Promise<number> {
  const { properties } = (await (await page.request.get('/api/properties')).json()) as { properties: Array<{ id: string; address: { addrFirstLine: string } }> }
  const p = properties.find((x) => x.address.addrFirstLine === line)
  expect(p, `property ${line}`).toBeTruthy()
  const c = await page.request.get(`/api/documents/certificates?propertyId=${encodeURIComponent(p!.id)}`)
  const { groups } = (await c.json()) as { groups: Array<{ current: unknown[]; history: unknown[] }> }
  return groups.reduce((n, g) => n + g.current.length + g.history.length, 0)
}

/** who makes the journey: the demo landlord on a phone, a new landlord with two properties on a desktop. */
async function landlord(page: Page, testInfo: TestInfo): Promise<Who> {
  if (isPhone(testInfo)) {
    await signInViaApi(page, demo.landlord.email, demo.landlord.password)
    // The demo's property that holds no certificates.
    const res = await page.request.get('/api/properties')
    const { properties } = (await res.json()) as { properties: Array<{ id: string; address: { addrFirstLine: string } }> }
    let bare = ''
    for (const p of properties) {
      const c = await page.request.get(`/api/documents/certificates?propertyId=${encodeURIComponent(p.id)}`)
      expect(c.status()).toBe(200)
      const { groups } = (await c.json()) as { groups: Array<{ current: unknown[]; history: unknown[] }> }
      if (groups.every((g) => g.current.length === 0 && g.history.length === 0)) bare = p.address.addrFirstLine
    }
    expect(properties.length, 'the demo landlord has several properties').toBeGreaterThanOrEqual(2)
    expect(bare, 'one demo property has no certificates').not.toBe('')
    return { ...demo.landlord, propertyLine: bare }
  }
  const user = await createVerifiedUser(page.request, 'docs', 'Landlord')
  await signInViaApi(page, user.email, user.password)
  for (const line of ['21 Larkhall Rise', '4 Bonnington Square']) {
    const res = await page.request.post('/api/properties', {
      headers: sameOrigin,
      data: { address: { addrFirstLine: line, addrSecondLine: '', town: 'London', postcode: 'SW4 6JB', country: 'United Kingdom' } },
    })
    expect(res.status(), `add property: ${await res.text()}`).toBe(201)
  }
  return { email: user.email, password: user.password, propertyLine: '4 Bonnington Square' }
}

// A UK site: dates as the landlord's browser shows them in Britain.
test.use({ locale: 'en-GB', timezoneId: 'Europe/London' })

test('a landlord uploads a gas safety certificate due in 20 days, sees it red, replaces it, and is reminded once @phone', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000)
  const who = await landlord(page, testInfo)
  const soon = addDays(ukDay(), 20)

  // The menu: nothing needs action yet.
  await page.goto('/documents/menu')
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible()
  await expect(await certificatesCount(page)).toHaveText('Action needed 0')
  await checkPage(page, testInfo, 'documents-menu')

  // The property picker: NEXT needs a property.
  await page.getByRole('link', { name: /^Certificates/ }).click()
  await expect(page).toHaveURL(/\/documents\/Certificates$/)
  await page.getByRole('button', { name: 'NEXT' }).click()
  await expect(page.getByText('You must first select a property.')).toBeVisible()
  await checkPage(page, testInfo, 'documents-picker')
  await page.getByRole('radio', { name: new RegExp(who.propertyLine) }).check()
  await page.getByRole('button', { name: 'NEXT' }).click()
  await expect(page).toHaveURL(/details=true&propertyId=/)
  await expect(page.getByRole('heading', { name: 'Certificates', level: 1 })).toBeVisible()
  const certificatesURL = page.url()
  await expect(page.getByRole('button', { name: /Gas Safety Certificate/ })).toBeVisible()
  await checkPage(page, testInfo, 'documents-certificates-empty')

  // Upload: the expiry follows the issue date and the 12-month term.
  await page.getByRole('link', { name: 'Upload a certificate' }).click()
  await expect(page.getByRole('heading', { name: 'Upload a certificate' })).toBeVisible()
  await expect(page.getByLabel('Certificate type')).toHaveValue('gas-safety')
  // Issued 365 days before it expires: within the 12-month term the law
  // fixes even when the expiry is 29 February (12 months before it, plus
  // 12 months, would end on the 28th and the expiry would be refused).
  const issued = addDays(soon, -365)
  await page.getByLabel('Issue date').fill(issued)
  await expect(page.getByLabel('Expiry date')).toHaveValue(addMonths(issued, 12))
  await page.getByLabel('Expiry date').fill(soon)
  await page.getByLabel('Notes (optional)').fill('Boiler and hob checked by Gas Safe engineer 123456.')
  // Issue 24: a file the server refuses (named .pdf, not a PDF) saves nothing:
  // no certificate without its file is left to count as action needed.
  await page.getByLabel('Choose files').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('This is not a PDF at all.') })
  await page.getByRole('button', { name: 'Save certificate' }).click()
  await expect(page.getByText(/Nothing was saved: the file below was refused/)).toBeVisible()
  await expect(page.getByLabel('Notes (optional)')).toHaveValue('Boiler and hob checked by Gas Safe engineer 123456.')
  await checkPage(page, testInfo, 'documents-upload-refused')
  expect(await certificatesOf(page, who.propertyLine), 'no certificate saved without its file').toBe(0)
  await page.getByRole('button', { name: 'Remove scan.pdf' }).click()
  await page.getByLabel('Choose files').setInputFiles({ name: 'cp12-old.pdf', mimeType: 'application/pdf', buffer: pdf('Gas Safety Record 1') })
  await expect(page.getByRole('list', { name: 'Files to upload' })).toContainText('cp12-old.pdf')
  await checkPage(page, testInfo, 'documents-upload')
  await page.getByRole('button', { name: 'Save certificate' }).click()

  // Red, with the date and the days left.
  const gas = page.getByRole('region', { name: /Gas Safety Certificate/ })
  const current = gas.getByRole('article', { name: 'Gas Safety Certificate' })
  await expect(current.locator('.docs-expiry')).toHaveAttribute('data-status', 'red')
  await expect(current.locator('.docs-expiry')).toContainText('20 days left')
  const [y, m, d] = soon.split('-')
  await expect(current.locator('.docs-expiry')).toContainText(`${d}/${m}/${y}`)
  await expect(current.getByRole('link', { name: /^cp12-old\.pdf/ })).toBeVisible()
  await checkPage(page, testInfo, 'documents-certificate-red')

  // The file opens: the PDF the landlord uploaded.
  const href = await current.getByRole('link', { name: /^cp12-old\.pdf/ }).getAttribute('href')
  const file = await page.request.get(href!)
  expect(file.status()).toBe(200)
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-')

  // The menu counts it.
  await page.goto('/documents/menu')
  await expect(await certificatesCount(page)).toHaveText('Action needed 1')
  await checkPage(page, testInfo, 'documents-menu-action-needed')

  // Replace it with this year's certificate: expiring next year.
  await page.goto(certificatesURL)
  await page.getByRole('link', { name: 'Replace the Gas Safety Certificate' }).click()
  await expect(page.getByRole('heading', { name: 'Replace Gas Safety Certificate' })).toBeVisible()
  await expect(page.getByLabel('Issue date')).toHaveValue(ukDay())
  await expect(page.getByLabel('Expiry date')).toHaveValue(addMonths(ukDay(), 12))
  await page.getByLabel('Choose files').setInputFiles({ name: 'cp12-new.pdf', mimeType: 'application/pdf', buffer: pdf('Gas Safety Record 2') })
  await checkPage(page, testInfo, 'documents-replace')
  await page.getByRole('button', { name: 'Replace certificate' }).click()
  await expect(current.locator('.docs-expiry')).toHaveAttribute('data-status', 'green')
  await expect(current.getByRole('link', { name: /^cp12-new\.pdf/ })).toBeVisible()
  await expect(gas.getByText('Earlier certificates (1)')).toBeVisible()
  await gas.getByText('Earlier certificates (1)').click()
  await expect(gas.getByRole('article', { name: 'Gas Safety Certificate (replaced)' })).toContainText('replaced')
  await checkPage(page, testInfo, 'documents-certificate-replaced')

  await page.goto('/documents/menu')
  await expect(await certificatesCount(page)).toHaveText('Action needed 0')

  // The reminder for the first certificate: sent, and only once.
  const reminder = (subject: string) => /Gas Safety Certificate/.test(subject) && subject.includes(who.propertyLine) && /20 days/.test(subject)
  await expect
    .poll(async () => (await mailbox(request, who.email)).filter((msg) => reminder(msg.subject)).length, { timeout: 20_000, message: 'the 20-day reminder e-mail' })
    .toBeGreaterThan(0)
  await page.waitForTimeout(1500)
  const reminders = (await mailbox(request, who.email)).filter((msg) => reminder(msg.subject))
  expect(reminders, reminders.map((r) => r.subject).join('\n')).toHaveLength(1)
  expect(reminders[0].text).toContain('/documents/Certificates')
})

// A property published for letting without its certificates is flagged on
// My Properties and in Action needed; the landlord books a gas safety check
// from the certificates page: the request reaches the vendors' address set
// in configuration, with a copy to the landlord, and the page says when.
test('a let property without certificates is flagged; booking a check reaches the vendor and the landlord', async ({ page }, testInfo) => {
  const user = await createVerifiedUser(page.request, 'book', 'Landlord')
  await signInViaApi(page, user.email, user.password)
  const res = await page.request.post('/api/properties', {
    headers: sameOrigin,
    data: { address: { addrFirstLine: '9 Elms Road', addrSecondLine: '', town: 'London', postcode: 'SW4 9ER', country: 'United Kingdom' } },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { property } = (await res.json()) as { property: { id: string } }
  await addPhotoViaApi(page, property.id) // a listing is published only with a photo
  const details = await page.request.put(`/api/properties/${property.id}/details`, {
    headers: sameOrigin,
    data: { rentPence: 160000, rentCycle: 'Monthly', bedroomCount: 1, bathroomCount: 1, sofasCount: 1, furnishStatus: 'Furnished',
      moveInDate: addDays(ukDay(), 30), shortDescription: 'A quiet one-bed flat near Clapham Common.', publish: true,
      propertyType: 'Flat', depositPence: 160000, councilTaxBand: 'C', epcRating: 'C', billsIncluded: [], petsConsidered: true },
  })
  expect(details.status(), await details.text()).toBe(200)

  // My Properties warns before letting; the menu counts the three missing certificates.
  await page.goto('/profile/list')
  const warning = page.getByRole('alert').filter({ hasText: 'Before you let this property' })
  await expect(warning).toBeVisible()
  for (const t of [/gas safety/i, /electrical/i, /energy performance/i]) await expect(warning).toContainText(t)
  await checkPage(page, testInfo, 'documents-let-warning')
  await page.goto('/documents/menu')
  await expect(await certificatesCount(page)).toHaveText('Action needed 3')

  // Book a gas safety check.
  await page.goto(`/documents/Certificates?details=true&propertyId=${encodeURIComponent(property.id)}`)
  const gas = page.locator('.docs-cert').filter({ hasText: 'Gas Safety Certificate' })
  const toggle = gas.locator('button[aria-expanded]').first()
  await expect(toggle).toBeVisible()
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await gas.getByRole('button', { name: 'Book a certificate check' }).click()
  const dialog = page.getByRole('dialog', { name: 'Book a certificate check' })
  await dialog.getByLabel('Preferred dates').fill('Any weekday morning next week')
  // Both projects run this test on one server: the contact tells their requests apart.
  await dialog.getByLabel('Contact (phone or e-mail)').fill(user.email)
  await dialog.getByRole('button', { name: 'Send request' }).click()
  await expect(dialog).toBeHidden()
  await expect(gas.getByText(/^Requested on /)).toBeVisible()
  await checkPage(page, testInfo, 'documents-booked')

  await expect
    .poll(async () => (await mailbox(page.request, 'vendors@omnirent.test')).filter((m) => m.text.includes('9 Elms Road') && m.text.includes(user.email)).length)
    .toBe(1)
  await expect.poll(async () => (await mailbox(page.request, user.email)).filter((m) => m.text.includes('Any weekday morning next week')).length).toBe(1)
})
