// Issue 45, the deposit back: the landlord records the deposit's
// protection from the signed agreement. Protected after the 30 days from
// receiving it, the landlord is told what that can cost (one to three
// times the deposit); the scheme's certificate is added (a file that is
// not a PDF or an image is refused, the one before kept); the tenant sees
// where their deposit is protected on their home. After a signed
// check-out (the tenant gave notice; the landlord was offered the
// check-out report) the landlord proposes three deductions (the old oven's damage
// reduced by apportionment to a share, its cleaning, the kitchen's
// redecoration); the tenant agrees one and disputes two. The landlord
// downloads the evidence pack for the scheme's dispute service: one PDF
// whose index lists every section and whose pages carry both disputed
// lines with the tenant's comments; /verify says it is genuine.
import { execFileSync } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { checkPage, sameOrigin, ukDay } from '../support/helpers'
import { household } from '../support/household'
import { signedCheckOut } from '../support/inventory-api'

function ukText(days: number): string {
  const d = new Date(`${ukDay(days)}T12:00:00Z`)
  const f = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...o }).format(d)
  return `${f({ weekday: 'short' })} ${f({ day: 'numeric' })} ${f({ month: 'short' })} ${f({ year: 'numeric' })}`
}

test('a landlord records a late deposit protection and is told what it can cost; the tenant sees it on their home @phone', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000)
  const h = await household(page, browser, testInfo, 'dep')
  // The landlord received the deposit 45 days ago: the 30 days ended a fortnight ago.
  const rec = await page.request.put(`/api/contracts/${h.id}/deposit-received`, { headers: sameOrigin, data: { depositReceivedOn: ukDay(-45) } })
  expect(rec.status(), await rec.text()).toBe(200)

  await page.goto(`/contract-builder?view=completed&id=${h.id}`)
  await page.getByRole('link', { name: 'record its protection and the prescribed information' }).click()
  await expect(page).toHaveURL(new RegExp(`/deposits\\?tenancy=${h.id}$`))
  await expect(page.getByRole('heading', { name: 'Deposits', level: 1 })).toBeVisible()
  const card = page.locator('.dp-tenancy')
  await expect(card).toContainText('£800.00')
  await expect(card).toContainText(`To protect by${ukText(-15)}`)
  await expect(card.getByRole('alert')).toContainText('1 to 3 times the deposit: £800.00 to £2,400.00')

  // A day in the future is refused beside the field, what was typed kept.
  const form = card.getByRole('form', { name: "Record the deposit's protection" })
  await form.getByLabel('Scheme', { exact: true }).selectOption('Deposit Protection Service')
  await form.getByLabel("The scheme's reference").fill('DPS-77120')
  await form.getByLabel('Day the scheme protected it').fill(ukDay(3))
  await form.getByRole('button', { name: 'Save the protection' }).click()
  await expect(form.getByText('This day cannot be in the future.')).toBeVisible()
  await expect(form.getByLabel("The scheme's reference")).toHaveValue('DPS-77120')
  await checkPage(page, testInfo, 'deposit-refused')

  // Protected 10 days ago, five days late; the prescribed information not given yet.
  await form.getByLabel('Day the scheme protected it').fill(ukDay(-10))
  await form.getByRole('button', { name: 'Save the protection' }).click()
  await expect(card).toContainText(`Protected on ${ukText(-10)}: 5 days after the deadline of ${ukText(-15)}.`)
  await expect(card).toContainText(`Not given the prescribed information yet: the deadline was ${ukText(-15)}.`)
  await expect(card.getByRole('alert')).toContainText('£800.00 to £2,400.00')

  // The certificate: a text file named .pdf is refused; a PDF is kept.
  const upload = card.getByLabel(/Add the scheme's certificate/)
  await upload.setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not really a PDF') })
  await expect(card.getByText('Only PDF, JPEG or PNG files can be uploaded.')).toBeVisible()
  await upload.setInputFiles({ name: 'DPS certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') })
  await expect(card.getByRole('link', { name: 'DPS certificate.pdf' })).toBeVisible()
  await checkPage(page, testInfo, 'deposit-landlord')

  // The tenant's home.
  const t = h.tenantPage
  await t.goto('/dashboard')
  const mine = t.getByRole('region', { name: 'Your deposit' })
  await expect(mine).toContainText('Deposit Protection Service')
  await expect(mine).toContainText('DPS-77120')
  await expect(mine).toContainText(`Protected on ${ukText(-10)}: 5 days after the deadline`)
  await expect(mine.getByRole('link', { name: 'DPS certificate.pdf' })).toBeVisible()
  // Among the papers the law says they must be given, it is no longer missing.
  const papers = t.getByRole('region', { name: "Your home's certificates" })
  await expect(papers.getByRole('link', { name: 'Download the Deposit protection certificate (DPS certificate.pdf)' })).toBeVisible()
  await expect(mine.getByRole('alert')).toHaveCount(0)
  await expect(mine.getByRole('form')).toHaveCount(0)
  await mine.scrollIntoViewIfNeeded()
  await checkPage(t, testInfo, 'deposit-tenant-home')
})

test('after the check-out the landlord proposes three deductions, one reduced by apportionment; the tenant agrees one and disputes two @phone', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000)
  const h = await household(page, browser, testInfo, 'ded')
  // The tenant gives notice (its own journey: rent-increase.spec); the
  // landlord is offered the check-out report from the end date, and signs
  // one (made through the API: the inventory journey signs on screen).
  const notice = await h.tenantPage.request.post(`/api/notices/tenancies/${h.id}/tenant-notice`, { headers: sameOrigin, data: {} })
  expect(notice.status(), await notice.text()).toBe(201)
  await page.goto(`/notices?tenancy=${h.id}`)
  const ending = page.getByRole('status').filter({ hasText: 'Tom Tenant gave notice at' })
  await expect(ending.getByRole('link', { name: 'Start the check-out report' })).toBeVisible()
  await signedCheckOut(page.request, h.landlord.email)

  await page.goto(`/deposits?tenancy=${h.id}`)
  const form = page.getByRole('form', { name: 'Propose a deduction' })
  const propose = async (item: string, reason: string, cost: string, kind?: string, age?: string) => {
    await form.getByLabel('Item of the check-out report').selectOption(item)
    await form.getByLabel('Reason').selectOption(reason)
    await form.getByLabel('Cost (£), from the quote or invoice').fill(cost)
    if (kind) {
      await form.getByLabel('Kind of item').selectOption(kind)
      await form.getByLabel('Its age at check-out, in months').fill(age!)
    }
    await form.getByRole('button', { name: 'Propose this deduction' }).click()
  }
  // Above the deposit (£800): refused, what was typed kept.
  await propose('inside/Kitchen/Oven', 'cleaning', '900')
  await expect(form.getByText('These deductions come to £900.00, more than the deposit of £800.00')).toBeVisible()
  await expect(form.getByLabel('Cost (£), from the quote or invoice')).toHaveValue('900')

  // A seven-year-old oven, expected to last ten years: 36 of its 120 months were left.
  await propose('inside/Kitchen/Oven', 'damage', '300', 'appliance', '84')
  const damage = page.getByRole('article', { name: 'Kitchen: Oven: Damage' })
  await expect(damage).toContainText('Charged to the tenants£90.00')
  await expect(damage).toContainText('£300.00 × 36 / 120 = £90.00 charged; the other £210.00 is fair wear and tear and betterment')
  await expect(damage).toContainText('Condition: Fine. Cleanliness: Good')
  await expect(damage).toContainText('Condition: Damaged. Cleanliness: Very poor')
  await propose('inside/Kitchen/Oven', 'cleaning', '90')
  await expect(page.getByRole('article', { name: 'Kitchen: Oven: Cleaning' })).toContainText('Charged to the tenants£90.00')
  await propose('inside/Kitchen/', 'redecoration', '200', 'paintwork', '12')
  const paint = page.getByRole('article', { name: 'Kitchen: Redecoration' })
  await expect(paint).toContainText('£200.00 × 48 / 60 = £160.00 charged')
  await expect(page.locator('.dd')).toContainText('Deductions£340.00')
  await checkPage(page, testInfo, 'deposit-deductions-landlord')

  // The tenant answers on their home.
  const t = h.tenantPage
  await t.goto('/dashboard')
  const mine = t.getByRole('region', { name: 'Your deposit' })
  const cleaning = mine.getByRole('article', { name: 'Kitchen: Oven: Cleaning' })
  await cleaning.getByRole('button', { name: 'I agree' }).click()
  await expect(cleaning).toContainText('Your answer: you agree')
  for (const [name, why] of [['Kitchen: Oven: Damage', 'The oven door was already cracked when we moved in.'], ['Kitchen: Redecoration', 'The marks are ordinary wear from three years of living.']]) {
    const line = mine.getByRole('article', { name })
    await line.getByRole('button', { name: 'I dispute this' }).click()
    await line.getByLabel('Why you dispute it').fill(why)
    await line.getByRole('button', { name: 'Send my dispute' }).click()
    await expect(line).toContainText(`you dispute it: “${why}”`)
  }
  await expect(mine).toContainText('Agreed£90.00')
  await expect(mine).toContainText('Disputed£250.00')
  await expect(mine.locator('.dd-shares')).toContainText('Returned£460.00')
  await expect(mine).toContainText('must be returned within 10 days, by')
  // The tenant is offered the evidence pack too, now that two lines are disputed.
  await expect(mine.getByRole('link', { name: 'Download the evidence pack' })).toBeVisible()
  await checkPage(t, testInfo, 'deposit-deductions-tenant')

  // The landlord downloads the evidence pack for the scheme's dispute service.
  await page.goto(`/deposits?tenancy=${h.id}`)
  const packBox = page.locator('.dd-pack')
  await expect(packBox).toContainText('free dispute service')
  await expect(packBox.getByRole('link', { name: '/verify' })).toBeVisible()
  await packBox.screenshot({ path: testInfo.outputPath('evidence-pack-box.png') })
  const download = page.waitForEvent('download')
  await packBox.getByRole('link', { name: 'Download the evidence pack' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^deposit-evidence-pack-\d{4}-\d{2}-\d{2}\.pdf$/)
  const pdf = testInfo.outputPath('evidence-pack.pdf')
  await file.saveAs(pdf)
  const pages = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).split('\f')
  const index = pages[0].replace(/\s+/g, ' ')
  for (const s of ['Deposit evidence pack', 'Contents', 'Summary of the deductions page 2', 'The tenancy agreement (sealed) page 3',
    'The check-in inventory report page', 'The check-out inventory report page', 'The check-out comparison page', 'The disputed deductions page',
    'Disputed deduction 1: Kitchen: Oven (damage) page', 'Disputed deduction 2: Kitchen (redecoration) page', 'Quotes and invoices page', 'Rent statement page',
    'Messages exchanged page', 'free dispute service']) expect(index).toContain(s)
  const text = pages.join(' ').replace(/\s+/g, ' ')
  for (const s of ['The oven door was already cracked when we moved in.', 'The marks are ordinary wear from three years of living.',
    '£300.00 × 36 / 120 = £90.00 charged', '£200.00 × 48 / 60 = £160.00 charged', 'Assured Periodic Tenancy', 'Check-in Report', 'Check-out Report',
    'No rent statement', '(UK time)']) expect(text).toContain(s)
  expect(text, 'an internal id in the pack').not.toContain(h.id)
  expect(text).not.toContain('/api/')
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, testInfo.outputPath('evidence-pack-page')])

  await page.goto('/verify')
  await page.locator('#verify-file').setInputFiles(pdf)
  await page.getByRole('button', { name: 'Check the PDF' }).click()
  await expect(page.getByRole('heading', { name: 'This is a genuine, unaltered document' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText('Sealed by OmniRent', { exact: true })).toBeVisible()
  await expect(page.getByText(/Deposit evidence pack:/)).toBeVisible()
  await checkPage(page, testInfo, 'verify-deposit-evidence-pack')
})
