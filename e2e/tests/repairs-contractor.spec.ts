// Issue 44, contractors and visits: the demo landlord adds a contractor and
// sends them the demo tenant's leak; the contractor opens the job link from
// the e-mail on a phone, without an account, and proposes a time (one
// inside the notice period is refused with the server's message); the
// tenant confirms the visit and receives the written access notice; the
// contractor records arrival, adds a photo of the work, marks it done and
// sends the invoice (a wrong file refused); the invoice is the repair's
// cost in the landlord's wallet, linked back to the repair; the tenant
// confirms it is fixed, and the repair's sealed history verifies.
import { expect, test, type Page } from '@playwright/test'
import { baseURL, checkPage, demo, isPhone, mailbox, sameOrigin, signInViaApi, uniqueEmail } from '../support/helpers'
import { makePhotos } from '../support/photos'

function pdf(title: string): Buffer {
  return Buffer.from(['%PDF-1.4', '1 0 obj << /Type /Catalog >> endobj', `% ${title}`, 'trailer << /Root 1 0 R >>', '%%EOF', ''].join('\n'))
}

/** jobLink waits for the job e-mail to the contractor and answers its path (/job/...). */
async function jobLink(page: Page, email: string): Promise<string> {
  for (let i = 0; i < 60; i++) {
    for (const m of await mailbox(page.request, email)) {
      const link = /\/job\/[A-Za-z0-9_-]{20,}/.exec(m.text)
      if (link) return link[0]
    }
    await page.waitForTimeout(250)
  }
  throw new Error(`no job link e-mailed to ${email}`)
}

/**
 * soonSlot is an hour's visit inside every nation's least notice but within
 * reasonable hours, whatever the time now: the first whole hour from 08:00
 * to 18:00 (UK) that starts more than an hour from now (and so less than a
 * day from now).
 */
function soonSlot(): { day: string; from: string; to: string } {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
  for (let h = 2; h < 24; h++) {
    const parts = fmt.formatToParts(new Date(Date.now() + h * 3_600_000))
    const get = (t: string) => parts.find((p) => p.type === t)!.value
    const hour = Number(get('hour'))
    if (hour >= 8 && hour <= 18) {
      const pad = (n: number) => String(n).padStart(2, '0')
      return { day: `${get('year')}-${get('month')}-${get('day')}`, from: `${pad(hour)}:00`, to: `${pad(hour + 1)}:00` }
    }
  }
  throw new Error('no slot')
}

/** ukInput is a day from today in the UK as YYYY-MM-DD. */
function ukInput(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(Date.now() + days * 86_400_000))
}

test('a landlord sends a repair to a contractor, who books, does and invoices it through the job link @phone', async ({ page, browser }, testInfo) => {
  test.setTimeout(300_000)
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`
  const contractorEmail = uniqueEmail('plumber')
  const contractorName = `Pat Plumber ${tag}`

  // The tenant's leak, reported through the API (the report's own journey is repairs.spec.ts).
  const tenantCtx = await browser.newContext({ baseURL, viewport: page.viewportSize()!, hasTouch: isPhone(testInfo) })
  const tenant = await tenantCtx.newPage()
  await signInViaApi(tenant, demo.tenant.email, demo.tenant.password)
  const made = await tenant.request.post('/api/repairs', {
    headers: sameOrigin,
    data: {
      category: 'bathroom-wc', answers: { what: 'basin-taps', leaking: 'yes' }, room: 'Bathroom',
      description: `The basin tap drips all the time (${tag})`, availability: 'Weekdays after 4pm', entryWhenOut: false,
    },
  })
  expect(made.status(), await made.text()).toBe(201)
  const repairId = ((await made.json()) as { repair: { id: string } }).repair.id
  // The tenant agrees to share their phone number with the contractor.
  await tenant.goto(`/maintenance/${repairId}`)
  const tenantVisit = tenant.getByRole('region', { name: 'Contractor and visit' })
  await tenantVisit.getByLabel(/Your phone number for the contractor/).fill('07700 900456')
  await tenantVisit.getByRole('button', { name: 'Share my number with the contractor' }).click()
  await expect(tenantVisit).toContainText('is shared with the contractor')

  // The landlord: a contractor (a gas engineer needs a Gas Safe number), then the job.
  await signInViaApi(page, demo.landlord.email, demo.landlord.password)
  await page.goto('/maintenance')
  await page.getByRole('link', { name: 'Contractors' }).click()
  await expect(page).toHaveURL(/\/maintenance\/contractors$/)
  await page.getByRole('button', { name: 'Add a contractor' }).click()
  await page.getByLabel('Name', { exact: true }).fill(contractorName)
  await page.getByLabel('Trade', { exact: true }).selectOption({ label: 'Gas engineer' })
  await page.getByLabel('Phone', { exact: true }).fill('07700 900123')
  await page.getByLabel(/^E-mail/).fill(contractorEmail)
  await page.getByRole('button', { name: 'Save the contractor' }).click()
  await expect(page.getByText('A gas engineer needs their Gas Safe registration number: the law requires it for this work.').first()).toBeVisible()
  await checkPage(page, testInfo, 'contractors-form-error')
  await page.getByLabel('Trade', { exact: true }).selectOption({ label: 'Plumber' })
  await page.getByLabel('Insurance expires (optional)').fill(ukInput(200))
  await page.getByRole('button', { name: 'Save the contractor' }).click()
  await expect(page.getByText(`${contractorName} is saved.`)).toBeVisible()
  await expect(page.locator('li.rp-card').filter({ hasText: contractorName })).toContainText('Plumber')
  await checkPage(page, testInfo, 'contractors-list')

  await page.goto(`/maintenance/${repairId}`)
  // Triage first (a contractor is assigned to a triaged repair).
  await page.getByRole('radio', { name: 'Triage', exact: true }).check()
  await page.getByRole('button', { name: 'Triage', exact: true }).click()
  await expect(page.locator('.rp-meta')).toContainText('Triaged')
  const visit = page.getByRole('region', { name: 'Contractor and visit' })
  await visit.getByLabel('Contractor', { exact: true }).selectOption({ label: `${contractorName} (Plumber)` })
  await visit.getByLabel(/Note for the contractor/).fill('Ring the bell twice.')
  await visit.getByRole('button', { name: 'Send the job' }).click()
  await expect(visit).toContainText('Sent, waiting for the contractor')
  await expect(page.locator('.rp-meta')).toContainText('Contractor assigned')
  await checkPage(page, testInfo, 'repair-contractor-assigned')

  // The contractor, from the e-mail, without an account: on a phone in the
  // phone project, on a computer (1280 px) in the desktop one.
  const link = await jobLink(page, contractorEmail)
  const phoneCtx = await browser.newContext({ baseURL, viewport: page.viewportSize()!, hasTouch: isPhone(testInfo), locale: 'en-GB', timezoneId: 'Europe/London' })
  const c = await phoneCtx.newPage()
  await c.goto(link)
  await expect(c.getByRole('heading', { name: 'Bathroom and WC: Bathroom', level: 1 })).toBeVisible()
  await expect(c.getByText('Ring the bell twice.')).toBeVisible()
  await expect(c.getByText(/07700 ?900456/)).toHaveCount(0) // not before the job is taken
  await checkPage(c, testInfo, 'job-offered')
  // Too soon: within the next day is inside the notice period (24 or 48 hours).
  const soon = soonSlot()
  await c.getByLabel('Day').fill(soon.day)
  await c.getByLabel('From (UK time)').fill(soon.from)
  await c.getByLabel('To (UK time)').fill(soon.to)
  await c.getByRole('button', { name: 'Propose this time' }).click()
  await expect(c.getByText(/notice before a visit/).first()).toBeVisible()
  await checkPage(c, testInfo, 'job-too-soon')
  await c.getByLabel('Day').fill(ukInput(4))
  await c.getByLabel('From (UK time)').fill('10:00')
  await c.getByLabel('To (UK time)').fill('12:00')
  await c.getByRole('button', { name: 'Propose this time' }).click()
  await expect(c.getByText('Proposed: waiting for the tenant')).toBeVisible()
  await expect(c.getByRole('link', { name: '07700 900456' })).toBeVisible() // the tenant agreed to share it
  await checkPage(c, testInfo, 'job-proposed')

  // The tenant confirms; the written notice arrives.
  await tenant.reload()
  await tenantVisit.getByRole('button', { name: 'Confirm the visit' }).click()
  await expect(tenantVisit).toContainText('(confirmed: the written notice was sent)')
  await checkPage(tenant, testInfo, 'repair-tenant-visit-confirmed')
  let notice = ''
  for (let i = 0; i < 60 && !notice; i++) {
    const m = (await mailbox(tenant.request, demo.tenant.email)).find((x) => x.subject.startsWith('Notice of a visit to your home') && x.text.includes(contractorName))
    if (m) notice = m.text
    else await tenant.waitForTimeout(250)
  }
  expect(notice).toContain('10:00 to 12:00 (UK time)')
  expect(notice).toContain('Bathroom and WC (Bathroom)')

  // The contractor: arrival, a photo, the work done, the invoice.
  await c.reload()
  await c.getByRole('button', { name: 'I have arrived' }).click()
  await expect(c.getByText(/You arrived at/)).toBeVisible()
  const [photo] = await makePhotos(c, [{ name: 'after.jpg', width: 1200, height: 900, type: 'image/jpeg', hue: 200 }])
  await c.locator('#job-photo').setInputFiles(photo)
  await expect(c.getByRole('img', { name: 'Photo 1 of the work' })).toBeVisible()
  await c.getByLabel('What did you do?').fill('Replaced the tap cartridge and washer. No more drips.')
  await c.getByRole('button', { name: 'Mark the work done' }).click()
  await expect(c.getByText(/Work done on/)).toBeVisible()
  await c.getByLabel(/^Amount/).fill('125.50')
  await c.getByLabel(/^Invoice file/).setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf, a note') })
  await c.getByRole('button', { name: 'Send the invoice' }).click()
  await expect(c.getByText('The invoice must be a PDF, JPEG or PNG file.')).toBeVisible()
  await expect(c.getByLabel(/^Amount/)).toHaveValue('125.50') // nothing lost
  await c.getByLabel(/^Invoice file/).setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: pdf(`Invoice ${tag}`) })
  await c.getByRole('button', { name: 'Send the invoice' }).click()
  await expect(c.getByText(/Your invoice of £125.50 was sent/)).toBeVisible()
  await checkPage(c, testInfo, 'job-invoiced')
  await phoneCtx.close()

  // The landlord: the work, the photo, the invoice in the wallet.
  await page.reload()
  await expect(page.locator('.rp-meta')).toContainText('Work done')
  await expect(visit.getByRole('img', { name: 'Photo 1 of the work' })).toBeVisible()
  const inWallet = visit.getByRole('link', { name: 'In your wallet' })
  for (let i = 0; i < 40 && !(await inWallet.isVisible()); i++) {
    await page.waitForTimeout(500)
    await page.reload()
  }
  await expect(visit).toContainText('£125.50')
  await checkPage(page, testInfo, 'repair-landlord-invoiced')
  await inWallet.click()
  await expect(page).toHaveURL(/\/wallet\/t\//)
  await expect(page.getByText('£125.50').first()).toBeVisible()
  await expect(page.getByText('Maintenance and repairs costs').first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Repair: Bathroom and WC (Bathroom)' })).toHaveAttribute('href', `/maintenance/${repairId}`)
  await checkPage(page, testInfo, 'wallet-repair-invoice')

  // The tenant confirms it is fixed; the history, sealed as a PDF, is
  // genuine on /verify and tells the whole story.
  await tenant.goto(`/maintenance/${repairId}`)
  await tenant.getByRole('radio', { name: 'Confirm it is fixed' }).check()
  await tenant.getByRole('button', { name: 'Confirm it is fixed' }).click()
  await expect(tenant.locator('.rp-meta')).toContainText('Fixed (confirmed)')
  const download = tenant.waitForEvent('download')
  await tenant.getByRole('link', { name: 'Download the history (PDF)' }).click()
  const pdfPath = testInfo.outputPath('history.pdf')
  await (await download).saveAs(pdfPath)
  await tenant.goto('/verify')
  await tenant.locator('#verify-file').setInputFiles(pdfPath)
  await tenant.getByRole('button', { name: 'Check the PDF' }).click()
  await expect(tenant.getByRole('heading', { name: 'This is a genuine, unaltered document' })).toBeVisible({ timeout: 15_000 })
  await checkPage(tenant, testInfo, 'verify-repair-after-visit')
  await tenantCtx.close()
})
