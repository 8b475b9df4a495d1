// Issue 18: the wallet. On a desktop the demo landlord sees the rent of an
// unpaid month overdue, records a month's rent with an invoice, a repair
// with Add VAT, a recoverable expense and a loan, switches periods and
// filters, edits and deletes an entry, downloads the CSV and reads it back,
// and looks at the properties and the tax year. On a phone a new landlord
// with no agreement sets the expected rent by hand, sees the months overdue,
// records rent and an expense (the form's rules on the way), and deletes one.
// The two projects never share a landlord, so they cannot race.
import { readFile } from 'node:fs/promises'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { checkPage, demo, isPhone, sameOrigin, signInViaApi, snap } from '../support/helpers'
import { landlordWithProperty } from '../support/refcheck'
import { expectImagesLoaded, makePhotos } from '../support/photos'

/** A small real PDF (the server judges an invoice by its %PDF- start). */
function invoicePdf(title: string) {
  const body = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj
4 0 obj << /Length 44 >> stream
BT /F1 18 Tf 20 100 Td (${title}) Tj ET
endstream endobj
5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj
trailer << /Root 1 0 R >>
%%EOF
`
  return { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from(body) }
}

const money = (s: string | null) => Number((s ?? '').replace(/[^\d.-]/g, ''))

/** rentOverdue reads the Rent overdue figure of the Rent paid card. */
async function rentOverdue(page: Page): Promise<number> {
  const card = page.getByRole('region', { name: 'Rent paid' })
  await expect(card).toBeVisible()
  return money(await card.locator('div', { hasText: 'Rent overdue' }).locator('dd').textContent())
}

async function openAdd(page: Page, what: 'Add Income' | 'Add Expense' | 'Add Loan') {
  await page.getByRole('button', { name: 'Add a transaction' }).click()
  await page.getByRole('menu', { name: 'Add a transaction' }).getByRole('menuitem', { name: what }).click()
  await expect(page.getByRole('heading', { name: what, level: 1 })).toBeVisible()
  // The properties and categories are in.
  await expect(page.getByLabel('Category', { exact: true }).locator('option')).not.toHaveCount(3)
}

async function basics(page: Page, o: { category: string; description: string; amount: string; date?: string }) {
  const property = page.getByLabel('Property', { exact: true })
  if ((await property.inputValue()) === '') await property.selectOption({ index: 1 })
  await page.getByLabel('Category', { exact: true }).selectOption(o.category)
  await page.getByLabel('Description').fill(o.description)
  await page.getByLabel('Amount (£)', { exact: true }).fill(o.amount)
  if (o.date) await page.getByLabel('Date', { exact: true }).fill(o.date)
}

async function saved(page: Page, toast: string) {
  await expect(page).toHaveURL(/\/wallet$/)
  await expect(page.getByText(toast)).toBeVisible()
}

function recentList(page: Page) {
  return page.getByRole('list', { name: 'Recent Transactions' })
}

async function filter(page: Page, name: string) {
  await page.getByRole('button', { name: 'Filter transactions' }).click()
  await page.getByRole('menuitemradio', { name }).click()
  await expect(page.getByText(new RegExp(`^${name} in the last`))).toBeVisible()
}

/** monthsTouched: how many calendar months the period ending today touches (1M on 25 Nov: 26 Oct to 25 Nov, two). */
function monthsTouched(p: '1M' | '3M' | '1Y' | '3Y'): number {
  const back = { '1M': 1, '3M': 3, '1Y': 12, '3Y': 36 }[p]
  const now = new Date()
  const y = now.getUTCFullYear()
  const m = now.getUTCMonth()
  const last = new Date(Date.UTC(y, m - back + 1, 0)).getUTCDate()
  const from = new Date(Date.UTC(y, m - back, Math.min(now.getUTCDate(), last) + 1))
  return (y - from.getUTCFullYear()) * 12 + (m - from.getUTCMonth()) + 1
}

async function period(page: Page, p: '1M' | '3M' | '1Y' | '3Y', months = monthsTouched(p)) {
  await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: p }).click()
  await expect(page.getByRole('group', { name: 'Period' }).getByRole('button', { name: p })).toHaveAttribute('aria-pressed', 'true')
  // The chart has a month for every calendar month the period touches.
  await expect(page.locator('.wl-chart table tbody tr')).toHaveCount(months)
}

async function downloadCsv(page: Page, testInfo: TestInfo, name: string): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()])
  const file = testInfo.outputPath(name)
  await download.saveAs(file)
  const text = await readFile(file, 'utf8')
  // Simple CSV reading: the journey's own values have no commas or quotes.
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => (line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []).map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, -1))
}

test('the demo landlord keeps a month of books: rent with an invoice, a repair with VAT, a recoverable cost, a loan; periods, filters, edit, delete and the CSV', async ({ page }, testInfo) => {
  test.skip(isPhone(testInfo), 'the demo landlord is used by the desktop journey only (the phone journey has its own landlord)')
  // On a slow 2-core CI machine it ran past 2 minutes
  // (its retry cannot pass: the first try has already paid the unpaid month).
  test.setTimeout(240_000)
  const tag = Date.now().toString(36).slice(-5)
  await signInViaApi(page, demo.landlord.email, demo.landlord.password)

  // The Wallet is in the landlord's menu.
  await page.goto('/dashboard')
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Wallet' }).click()
  await expect(page).toHaveURL(/\/wallet$/)
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible()

  // The demo books have an unpaid month: its rent is overdue, with the days.
  const overdue = page.getByRole('region', { name: 'Rent overdue' })
  await expect(overdue.getByRole('listitem').first()).toContainText(/days? overdue/)
  const before = await rentOverdue(page)
  expect(before).toBeGreaterThan(0)
  await checkPage(page, testInfo, 'wallet-overview')

  // A month's rent, from the tenant, with its invoice.
  await openAdd(page, 'Add Income')
  await page.getByRole('button', { name: 'Add Income' }).click()
  await expect(page.getByText('Please fill all the fields')).toBeVisible()
  await basics(page, { category: 'Rent', description: `Rent for the unpaid month ${tag}`, amount: '1850' })
  await page.getByLabel('Tenant', { exact: true }).check()
  await page.getByLabel("Tenant's name").fill('Tom Tenant')
  await page.getByLabel('Invoice (PDF, JPEG or PNG)').setInputFiles(invoicePdf('Rent receipt'))
  await checkPage(page, testInfo, 'wallet-add-income')
  await page.getByRole('button', { name: 'Add Income' }).click()
  await saved(page, 'Income added')
  // It pays the oldest month due: the overdue rent drops by a month's rent.
  await expect.poll(() => rentOverdue(page)).toBe(Math.max(0, before - 1850))
  await expect(recentList(page).getByRole('link', { name: new RegExp(`Rent for the unpaid month ${tag}`) })).toContainText('+£1,850.00')

  // A repair with Add VAT.
  await openAdd(page, 'Add Expense')
  await basics(page, { category: 'Maintenance and repairs costs', description: `Boiler repair ${tag}`, amount: '120' })
  await page.getByLabel('Add VAT').check()
  await page.getByLabel('VAT amount (£)').fill('24')
  await page.getByLabel('Vendor').check()
  await page.getByLabel('Person or company').fill('Ace Plumbing')
  await page.getByLabel('Order number').fill('INV-22')
  await checkPage(page, testInfo, 'wallet-add-expense')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await saved(page, 'Expense added')
  const boiler = recentList(page).getByRole('link', { name: new RegExp(`Boiler repair ${tag}`) })
  await expect(boiler).toContainText('−£144.00')
  await expect(boiler).toContainText('PAID')

  // A recoverable expense: the tenant broke a window and pays it back.
  await openAdd(page, 'Add Expense')
  await basics(page, { category: 'Maintenance and repairs costs', description: `Broken window ${tag}`, amount: '200' })
  await page.getByLabel('Not paid').check()
  await page.getByLabel(/^Recoverable/).check()
  await page.getByLabel('Debtor').fill('Tom Tenant')
  await page.getByLabel('Recoverable amount (£)').fill('250')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page.getByText('The amount to recover cannot be more than the amount paid')).toBeVisible()
  await page.getByLabel('Recoverable amount (£)').fill('200')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await saved(page, 'Expense added')
  await expect(recentList(page).getByRole('link', { name: new RegExp(`Broken window ${tag}`) })).toContainText('NOT PAID')

  // A loan: not an expense, so the profit does not move.
  const profitFigure = page.getByRole('region', { name: 'Profit' }).locator('.wl-card__figure')
  const profitBefore = (await profitFigure.textContent()) ?? ''
  await openAdd(page, 'Add Loan')
  await basics(page, { category: 'Secured', description: `Kitchen loan ${tag}`, amount: '5000' })
  await page.getByLabel("Lender's name").fill('Nationwide')
  await page.getByLabel('Tenure').selectOption('2')
  await checkPage(page, testInfo, 'wallet-add-loan')
  await page.getByRole('button', { name: 'Add Loan' }).click()
  await saved(page, 'Loan added')
  await expect(profitFigure).toHaveText(profitBefore)
  await expect(page.getByRole('region', { name: 'Profit' })).toContainText('Loans received')

  // Periods: calendar periods ending today.
  await period(page, '3M')
  await period(page, '1Y')
  await expect(page).toHaveURL(/period=1Y/)
  await checkPage(page, testInfo, 'wallet-overview-1y')
  await period(page, '3Y')
  await period(page, '1M')

  // Filters.
  await filter(page, 'Income')
  await expect(recentList(page).getByRole('link', { name: new RegExp(`Rent for the unpaid month ${tag}`) })).toBeVisible()
  await expect(recentList(page).getByRole('link', { name: new RegExp(`Boiler repair ${tag}`) })).toHaveCount(0)
  await filter(page, 'Expenses')
  await expect(recentList(page).getByRole('link', { name: new RegExp(`Boiler repair ${tag}`) })).toBeVisible()
  await expect(recentList(page).getByRole('link', { name: new RegExp(`Rent for the unpaid month ${tag}`) })).toHaveCount(0)
  await page.getByRole('button', { name: 'Filter transactions' }).click()
  await expect(page.getByRole('menu', { name: 'Filter transactions' }).getByRole('menuitemradio')).toHaveText(['All', 'Income', 'Expenses', 'Amounts recoverable'])
  await checkPage(page, testInfo, 'wallet-filter-menu')
  await page.keyboard.press('Escape')
  await filter(page, 'Amounts recoverable')
  await expect(recentList(page).getByRole('link', { name: new RegExp(`Broken window ${tag}`) })).toBeVisible()
  await expect(recentList(page).getByRole('link', { name: new RegExp(`Boiler repair ${tag}`) })).toHaveCount(0)
  await checkPage(page, testInfo, 'wallet-recoverable')
  await filter(page, 'All')

  // The rent's details show its invoice.
  await recentList(page).getByRole('link', { name: new RegExp(`Rent for the unpaid month ${tag}`) }).click()
  await expect(page.getByRole('heading', { name: `Rent for the unpaid month ${tag}` })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Invoice' })).toContainText(/invoice-\d{4}-\d{2}-\d{2}\.pdf/)
  const href = await page.getByRole('link', { name: 'View invoice' }).getAttribute('href')
  const inv = await page.request.get(href!)
  expect(inv.status()).toBe(200)
  expect(inv.headers()['content-type']).toContain('application/pdf')
  expect((await inv.body()).subarray(0, 5).toString()).toBe('%PDF-')
  await checkPage(page, testInfo, 'wallet-details-income')
  await page.getByRole('button', { name: 'Back' }).click()

  // Edit the repair: £150 plus £24 VAT.
  await recentList(page).getByRole('link', { name: new RegExp(`Boiler repair ${tag}`) }).click()
  await expect(page.getByText('Add VAT: £24.00')).toBeVisible()
  await checkPage(page, testInfo, 'wallet-details-expense')
  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByRole('heading', { name: 'Edit Expense' })).toBeVisible()
  await expect(page.getByLabel('Amount (£)', { exact: true })).toHaveValue('120.00')
  await page.getByLabel('Amount (£)', { exact: true }).fill('150')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await saved(page, 'Changes saved')
  await expect(recentList(page).getByRole('link', { name: new RegExp(`Boiler repair ${tag}`) })).toContainText('−£174.00')

  // Delete the broken window: NO keeps it, YES deletes it.
  await recentList(page).getByRole('link', { name: new RegExp(`Broken window ${tag}`) }).click()
  await page.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete' })
  await expect(dialog).toContainText('Are you sure you want to delete this report?')
  await checkPage(page, testInfo, 'wallet-delete')
  await dialog.getByRole('button', { name: 'NO' }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'Delete' }).click()
  await dialog.getByRole('button', { name: 'YES' }).click()
  await saved(page, 'Transaction deleted')
  await expect(recentList(page).getByRole('link', { name: new RegExp(`Broken window ${tag}`) })).toHaveCount(0)

  // The CSV of the month, read back.
  const rows = await downloadCsv(page, testInfo, 'wallet.csv')
  const head = rows[0]
  expect(head.slice(0, 3)).toEqual(['Date', 'Property', 'Type'])
  const col = (name: string) => head.indexOf(name)
  const row = (d: string) => rows.find((r) => r[col('Description')] === d)
  const repair = row(`Boiler repair ${tag}`)
  expect(repair, 'the repair is in the CSV').toBeTruthy()
  expect([repair![col('Net')], repair![col('VAT')], repair![col('Gross')]]).toEqual(['150.00', '24.00', '174.00'])
  expect(repair![col('Category')]).toBe('Maintenance and repairs costs')
  expect(row(`Rent for the unpaid month ${tag}`)?.[col('Gross')]).toBe('1850.00')
  expect(row(`Kitchen loan ${tag}`)?.[col('Type')]).toMatch(/loan/i)
  expect(row(`Broken window ${tag}`)).toBeUndefined()

  // Properties and the tax year.
  await page.getByRole('navigation', { name: 'Wallet menu' }).getByRole('link', { name: 'Properties' }).click()
  const card = page.getByRole('article').first()
  await expect(card.getByText('Profit')).toBeVisible()
  await expect(card.getByText('Rent paid')).toBeVisible()
  await expect(card.getByText('Rent due')).toBeVisible()
  await checkPage(page, testInfo, 'wallet-properties')
  await page.getByRole('navigation', { name: 'Wallet menu' }).getByRole('link', { name: 'Tax year' }).click()
  await expect(page.getByRole('heading', { name: /^Tax year \d{4}-\d{2}/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Making Tax Digital for Income Tax' })).toBeVisible()
  await checkPage(page, testInfo, 'wallet-tax-year')
  await page.getByRole('link', { name: /^Maintenance and repairs costs/ }).first().click()
  await expect(page.getByRole('link', { name: new RegExp(`Boiler repair ${tag}`) })).toBeVisible()
  await snap(page, testInfo, 'wallet-tax-category')
})

test('on a phone, a landlord without an agreement sets the expected rent, sees the months overdue and records rent and a repair @phone', async ({ page, request }, testInfo) => {
  test.skip(!isPhone(testInfo), 'the phone journey (the desktop one uses the demo landlord)')
  test.setTimeout(120_000)
  await landlordWithProperty(page, request, 'walletlord')
  const props = (await (await page.request.get('/api/properties')).json()) as { properties: { id: string }[] }
  expect(props.properties).toHaveLength(1)

  await page.goto('/wallet')
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible()
  await expect(page.getByText('No transactions yet')).toBeVisible()
  await checkPage(page, testInfo, 'wallet-empty', { phoneAxe: true })

  // Expected rent by hand: £950 a month from the 1st, two months back.
  await page.getByRole('link', { name: 'Properties' }).click()
  const card = page.getByRole('article', { name: /8 Northcote Road/ })
  await expect(card.getByText('No transactions yet')).toBeVisible()
  await card.getByRole('button', { name: 'Set expected rent' }).click()
  const d = new Date()
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 2, 1)).toISOString().slice(0, 10)
  const rentDialog = page.getByRole('dialog', { name: 'Expected rent' })
  await rentDialog.getByLabel('Rent (£)').fill('950')
  await rentDialog.getByLabel('First payment date').fill(first)
  await snap(page, testInfo, 'wallet-expected-rent')
  await rentDialog.getByRole('button', { name: 'Save' }).click()
  await expect(card).toContainText('Expected rent set by you: £950.00 monthly')
  await expect(card).toContainText('Rent overdue')
  await checkPage(page, testInfo, 'wallet-properties', { phoneAxe: true })

  // Overview: the months due before today are overdue (today's own due date is not yet).
  await page.getByRole('link', { name: 'Overview' }).click()
  const overdue = page.getByRole('region', { name: 'Rent overdue' })
  const months = d.getUTCDate() === 1 ? 2 : 3
  await expect(overdue.getByRole('listitem')).toHaveCount(months)
  expect(await rentOverdue(page)).toBe(950 * months)
  await checkPage(page, testInfo, 'wallet-overview', { phoneAxe: true })
  // The plus menu, open; Escape closes it and gives the focus back.
  await page.getByRole('button', { name: 'Add a transaction' }).click()
  await expect(page.getByRole('menu', { name: 'Add a transaction' }).getByRole('menuitem')).toHaveText(['Add Income', 'Add Expense', 'Add Loan'])
  await checkPage(page, testInfo, 'wallet-plus-menu', { phoneAxe: true })
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add a transaction' })).toBeFocused()

  // Record the oldest month's rent with an invoice; the form's rules on the way.
  await openAdd(page, 'Add Income')
  await expect(page.getByLabel('Property', { exact: true })).not.toHaveValue('') // the only property is chosen
  await page.getByLabel('Amount (£)', { exact: true }).fill('-5')
  await page.getByRole('button', { name: 'Add Income' }).click()
  await expect(page.getByText('Please fill all the fields')).toBeVisible()
  await expect(page.getByText('The amount cannot be less than £0.00')).toBeVisible()
  await checkPage(page, testInfo, 'wallet-form-errors', { phoneAxe: true })
  await page.getByLabel('Category', { exact: true }).selectOption('Create New')
  await page.getByLabel('Specify a category').fill('Rent arrears')
  await page.getByLabel('Category', { exact: true }).selectOption('Rent')
  await expect(page.getByLabel('Specify a category')).toHaveCount(0)
  await basics(page, { category: 'Rent', description: 'Rent, first month', amount: '950.00', date: first })
  // A photo of the receipt this time: a picture is shown on the details page.
  const [receipt] = await makePhotos(page, [{ name: 'Receipt', width: 900, height: 1200, type: 'image/jpeg', hue: 45 }])
  await page.getByLabel('Invoice (PDF, JPEG or PNG)').setInputFiles(receipt)
  await page.getByRole('button', { name: 'Add Income' }).click()
  await saved(page, 'Income added')
  await expect(overdue.getByRole('listitem')).toHaveCount(months - 1)
  expect(await rentOverdue(page)).toBe(950 * (months - 1))
  await period(page, '3M')
  await recentList(page).getByRole('link', { name: /Rent, first month/ }).click()
  await expectImagesLoaded(page.getByRole('img', { name: /^Invoice invoice-/ }), 1)
  await checkPage(page, testInfo, 'wallet-details-income')
  await page.getByRole('button', { name: 'Back' }).click()
  await period(page, '1M')

  // A repair with Add VAT, then the 3M period shows both.
  await openAdd(page, 'Add Expense')
  await basics(page, { category: 'Maintenance and repairs costs', description: 'Leaking tap', amount: '85.50' })
  await page.getByLabel('Add VAT').check()
  await page.getByLabel('VAT amount (£)').fill('17.10')
  await checkPage(page, testInfo, 'wallet-add-expense', { phoneAxe: true })
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await saved(page, 'Expense added')
  await period(page, '3M')
  await expect(recentList(page).getByRole('link')).toHaveCount(2)
  await expect(page.getByRole('region', { name: 'Profit' }).locator('.wl-card__figure')).toHaveText('£847.40')
  await filter(page, 'Expenses')
  await expect(recentList(page).getByRole('link')).toHaveCount(1)
  await checkPage(page, testInfo, 'wallet-overview-3m')

  // The CSV of the three months.
  const rows = await downloadCsv(page, testInfo, 'wallet-phone.csv')
  expect(rows).toHaveLength(2)
  expect(rows[1]).toContain('Leaking tap')
  expect(rows[1]).toContain('102.60')

  // Details and delete.
  await recentList(page).getByRole('link', { name: /Leaking tap/ }).click()
  await expect(page.getByText('PAID', { exact: true })).toBeVisible()
  await checkPage(page, testInfo, 'wallet-details', { phoneAxe: true })
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('dialog', { name: 'Delete' })).toContainText('Are you sure you want to delete this report?')
  await snap(page, testInfo, 'wallet-delete')
  await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'YES' }).click()
  await saved(page, 'Transaction deleted')

  // The tax year on a phone.
  await page.getByRole('link', { name: 'Tax year' }).click()
  await expect(page.getByRole('heading', { name: 'Making Tax Digital for Income Tax' })).toBeVisible()
  await checkPage(page, testInfo, 'wallet-tax-year', { phoneAxe: true })

  // A visitor gets nothing from the wallet; an empty entry is refused with the spec's message.
  expect((await request.get('/api/wallet/overview')).status()).toBe(401)
  const empty = await page.request.post('/api/wallet/transactions', { headers: sameOrigin, data: {} })
  expect(empty.status()).toBe(400)
  expect(await empty.text()).toContain('Please fill all the fields')
})

/** ukDay is today in the UK (or n days on) as YYYY-MM-DD. */
function ukDay(n = 0): string {
  const d = new Date(Date.now() + n * 86_400_000)
  return d.toLocaleDateString('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' })
}

/** firstOfMonth: the 1st of the UK month `back` months before this one. */
function firstOfMonth(back: number): string {
  const [y, m] = ukDay().split('-').map(Number)
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 10)
}

const shortDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number)
  return `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${y}`
}

// Issues 24 and 26: an edit that another change beat is refused with the
// current copy and keeps what was typed; a rent payment says which month it
// settled (oldest first, said on the page); the tax year counts only what
// is due, the rest is scheduled; a description over 1,000 characters is
// refused before sending; the form's date is the UK's day.
test('the wallet says what a payment settled, what is scheduled, and when an edit met another change', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000)
  await landlordWithProperty(page, request, 'walletrules')
  const { properties } = (await (await page.request.get('/api/properties')).json()) as { properties: { id: string }[] }
  const pid = properties[0].id
  const api = async (method: 'POST' | 'PUT', url: string, data: unknown) => {
    const r = await page.request.fetch(url, { method, headers: sameOrigin, data })
    expect(r.ok(), `${method} ${url}: ${await r.text()}`).toBe(true)
    return r.json()
  }
  const entry = (o: Record<string, unknown>) => ({
    kind: 'income', propertyId: pid, vat: 'none', frequency: 'one-off', taxDeductible: true,
    party: { type: '', person: '', orderNumber: '' }, ...o,
  })
  // Rent of £1,200 due on the 1st since last month; last month's is unpaid,
  // and this month's rent is recorded today.
  await api('PUT', `/api/wallet/properties/${pid}/rent`, { rentPence: 120000, rentPeriod: 'monthly', firstDueDate: firstOfMonth(1) })
  const rent = (await api('POST', '/api/wallet/transactions', entry({ category: 'Rent', description: 'Rent for this month', amountPence: 120000, date: ukDay() })))
    .transaction as { id: string; revision: number }
  // A monthly letting fee from two months back, repeating with no end: the months after today are scheduled.
  await api('POST', '/api/wallet/transactions', entry({ kind: 'expense', category: 'Letting agent and management fees', description: 'Agent fee',
    amountPence: 10000, date: ukDay(-61), frequency: 'monthly', paid: true }))

  await page.goto('/wallet')
  const payments = page.getByRole('region', { name: /^Rent payments in/ })
  await expect(payments).toContainText('Each rent payment settles the oldest rent still owed first')
  await expect(payments.getByRole('listitem').filter({ hasText: 'Rent for this month' })).toContainText(`Settled the rent due ${shortDate(firstOfMonth(1))}`)
  const overdue = page.getByRole('region', { name: 'Rent overdue' })
  if (ukDay() !== firstOfMonth(0)) await expect(overdue).toContainText(`due ${shortDate(firstOfMonth(0))}`)
  await checkPage(page, testInfo, 'wallet-rent-settled')

  // The tax year: what is counted, and what is scheduled.
  await page.getByRole('link', { name: 'Tax year' }).first().click()
  const note = page.getByTestId('wl-scheduled-note')
  await expect(note).toContainText(`Counted up to today, ${shortDate(ukDay())}.`)
  await expect(note).toContainText('scheduled, not paid')
  await checkPage(page, testInfo, 'wallet-tax-year-scheduled')
  const [ty, tm, td] = ukDay().split('-').map(Number)
  const yearEnd = `${tm < 4 || (tm === 4 && td < 6) ? ty : ty + 1}-04-05`
  if (ukDay(40) < yearEnd) {
    // A fee is still to come this tax year: its list marks it and leaves it out of the sum.
    await expect(note).toContainText('Still to come this tax year')
    await page.getByRole('link', { name: /^Letting agent and management fees/ }).first().click()
    await expect(page.getByText('SCHEDULED').first()).toBeVisible()
    await expect(page.getByText(/scheduled \(dated after today/)).toBeVisible()
    await snap(page, testInfo, 'wallet-tax-list-scheduled')
  }

  // The form: the UK's day, and a description over 1,000 characters is refused before sending.
  await page.goto('/wallet/add/expense')
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(ukDay())
  await expect(page.getByLabel('Category', { exact: true }).locator('option')).not.toHaveCount(3)
  await basics(page, { category: 'Insurance', description: 'x'.repeat(1001), amount: '10.00' })
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page.getByText('The description can be at most 1,000 characters.')).toBeVisible()
  await expect(page).toHaveURL(/\/wallet\/add\/expense$/)
  expect((await page.getByLabel('Description').inputValue()).length).toBe(1001)
  await checkPage(page, testInfo, 'wallet-description-too-long')

  // An edit another change beat: refused with the current copy, the typed values kept.
  await page.goto(`/wallet/t/${rent.id}/edit`)
  await expect(page.getByLabel('Description')).toHaveValue('Rent for this month')
  await api('PUT', `/api/wallet/transactions/${rent.id}`, entry({ category: 'Rent', description: 'Rent (changed on the phone)', amountPence: 120000,
    date: ukDay(), revision: rent.revision }))
  await page.getByLabel('Amount (£)', { exact: true }).fill('1250.00')
  await page.getByRole('button', { name: 'Save changes' }).click()
  const conflict = page.getByRole('alert').filter({ hasText: 'Not saved: this entry was changed elsewhere' })
  await expect(conflict).toContainText('Rent (changed on the phone)')
  await expect(page.getByLabel('Amount (£)', { exact: true })).toHaveValue('1250.00')
  await checkPage(page, testInfo, 'wallet-edit-conflict')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await saved(page, 'Changes saved')
  const now = (await (await page.request.get(`/api/wallet/transactions/${rent.id}`)).json()) as { transaction: { amountPence: number } }
  expect(now.transaction.amountPence).toBe(125000)

  // Three years of rent can be thousands of payments: the page lists the
  // newest 50 and says how many the period holds (issue 29). (Rent counts
  // from a month before it first fell due: 55 days back is always in.)
  for (let i = 1; i <= 55; i++) {
    await api('POST', '/api/wallet/transactions', entry({ category: 'Rent', description: `Part of the rent ${i}`, amountPence: 3000, date: ukDay(-i) }))
  }
  await page.goto('/wallet?period=3Y')
  const many = page.getByRole('region', { name: /^Rent payments in/ })
  await expect(many).toContainText('The newest 50 of 56 payments')
  await expect(many.getByRole('listitem')).toHaveCount(50)
  await expect(many.getByRole('listitem').first()).toContainText('Rent for this month')
  await expect(many.getByRole('listitem').last()).toContainText('Part of the rent 49')
  await snap(page, testInfo, 'wallet-rent-payments-newest')
})
