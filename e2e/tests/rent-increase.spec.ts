// Issue 45, after the signature: a landlord proposes a rent increase from
// the signed agreement, is refused a day too early (the reason beside the
// date, what was typed kept), prepares one for the earliest day the law
// allows, checks what Form 4A asks for (the form itself is linked on
// GOV.UK, never reproduced) and records serving it; the wallet still
// expects the old rent before that day; the tenant sees the increase on
// their home with their right to challenge it, and accepts it. A tenant
// gives notice from their home; both sides see the end date, and the
// landlord is offered the check-out report and told they cannot end a
// tenancy here.
import { expect, test } from '@playwright/test'
import { checkPage, ukDay } from '../support/helpers'
import { waitForMail } from '../support/refcheck'
import { household } from '../support/household'

test('a landlord is refused an early day, serves an increase the law allows, and the tenant sees it on their home @phone', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000)
  const h = await household(page, browser, testInfo, 'rise')

  // From the signed agreement.
  await page.goto(`/contract-builder?view=completed&id=${h.id}`)
  await page.getByRole('link', { name: "propose a rent increase, or see a tenant's notice" }).click()
  await expect(page).toHaveURL(new RegExp(`/notices\\?tenancy=${h.id}$`))
  await expect(page.getByRole('heading', { name: 'Rent increases and notices', level: 1 })).toBeVisible()
  const propose = page.getByRole('form', { name: 'Propose a new rent' })
  await expect(propose).toContainText('The earliest day a new rent can take effect is')
  await expect(propose).toContainText("not within 52 weeks of the tenancy's start")
  const earliest = (await propose.locator('.nt-note strong').first().textContent())!

  // Two months from today is too early: the tenancy is not a year old by then.
  await propose.getByLabel(/New rent, in whole pounds a month/).fill('1575')
  await propose.getByLabel('Day the new rent starts (optional)').fill(ukDay(62))
  await propose.getByRole('button', { name: 'Prepare the notice' }).click()
  const refusal = propose.getByText(/is too early\. The law allows a new rent not within 52 weeks of the tenancy's start/)
  await expect(refusal).toBeVisible()
  await expect(refusal).toContainText(`The earliest date the law allows is ${earliest}.`)
  await expect(propose.getByLabel('Day the new rent starts (optional)')).toHaveAttribute('aria-invalid', 'true')
  await expect(propose.getByLabel(/New rent, in whole pounds/)).toHaveValue('1575')
  await checkPage(page, testInfo, 'rent-increase-refused')

  // The earliest day the law allows.
  await propose.getByLabel('Day the new rent starts (optional)').fill('')
  await propose.getByRole('button', { name: 'Prepare the notice' }).click()
  const card = page.getByRole('article', { name: 'New rent £1,575.00 a month' })
  await expect(card).toContainText('Prepared, not served yet')
  await expect(card).toContainText('+£75.00 a month (5.00%)')
  await expect(card).toContainText(earliest)
  await expect(card).toContainText('What Form 4A asks for, filled from the agreement')
  await expect(card).toContainText('Tom Tenant')
  await expect(card.getByRole('link', { name: /Download Form 4A from GOV.UK/ })).toHaveAttribute('href', 'https://www.gov.uk/guidance/assured-tenancy-forms')
  await checkPage(page, testInfo, 'rent-increase-prepared')

  const serve = card.getByRole('form', { name: 'Record serving the notice' })
  await serve.getByLabel('How you served it').selectOption('hand')
  await serve.getByRole('button', { name: 'Record that I served it' }).click()
  await expect(card.locator('.nt-badge')).toHaveText('Served')
  await expect(card).toContainText('by hand')
  await checkPage(page, testInfo, 'rent-increase-served')

  // The wallet expects the agreement's rent until the new rent's day, not the new rent.
  await page.goto('/wallet/properties')
  const walletCard = page.getByRole('article', { name: /8 Northcote Road/ })
  await expect(walletCard).toContainText('next £1,500.00 due')
  await expect(walletCard).not.toContainText('£1,575.00')

  // The tenant sees it on their home, with their right to challenge it, and accepts.
  const home = h.tenantPage
  await home.goto('/dashboard')
  const notices = home.getByRole('region', { name: 'Your rent and notice' })
  const seen = notices.getByRole('article', { name: 'New rent £1,575.00 a month' })
  await expect(seen).toContainText(earliest)
  await expect(seen).toContainText('First-tier Tribunal (Property Chamber)')
  await expect(seen).toContainText('+£75.00 a month (5.00%)')
  await expect(seen.getByText(/asks for/)).toHaveCount(0)
  await expect(home.getByRole('region', { name: 'Dates ahead' })).toContainText('New rent £1,575.00 a month starts')
  await checkPage(home, testInfo, 'rent-increase-tenant-home')
  await seen.getByRole('button', { name: 'I accept the new rent' }).click()
  await expect(seen.getByText('You told your landlord you accept the new rent.')).toBeVisible()
  await waitForMail(page.request, h.landlord.email, /^Rent increase accepted: /)
  await checkPage(home, testInfo, 'rent-increase-tenant-accepted')

  // The calendar shows the new rent's day to both sides.
  const day = ((await (await page.request.get('/api/notices')).json()) as { tenancies: { increases: { effectiveOn: string }[] }[] }).tenancies[0].increases[0].effectiveOn
  for (const p of [page, home]) {
    const r = (await (await p.request.get(`/api/calendar/occurrences?from=${day}&to=${day}`)).json()) as { occurrences: { title: string }[] }
    expect(r.occurrences.map((o) => o.title)).toContainEqual(expect.stringMatching(/^New rent £1,575\.00 a month starts/))
  }
  await home.context().close()
})

test('a tenant gives notice from their home and both sides see the end date @phone', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000)
  const h = await household(page, browser, testInfo, 'quit')
  const home = h.tenantPage
  await home.goto('/dashboard')
  const notices = home.getByRole('region', { name: 'Your rent and notice' })
  const give = notices.getByRole('form', { name: 'Give notice to end the tenancy' })
  await expect(give).toContainText('the earliest day your tenancy can end is')
  const end = (await give.locator('.nt-note strong').first().textContent())!
  await give.getByRole('button', { name: 'Give notice' }).click()
  const dialog = home.getByRole('dialog', { name: 'Give notice to end your tenancy?' })
  await expect(dialog).toContainText(end)
  await checkPage(home, testInfo, 'tenant-notice-confirm')
  await dialog.getByRole('button', { name: 'Give notice now' }).click()
  await expect(notices.getByRole('status').filter({ hasText: 'Tom Tenant gave notice at' })).toContainText(`The tenancy ends on ${end}.`)
  await expect(notices.getByRole('button', { name: 'Give notice' })).toHaveCount(0)
  await expect(home.getByRole('region', { name: 'Dates ahead' })).toContainText('Tenancy ends')
  await checkPage(home, testInfo, 'tenant-notice-given')

  // The landlord: e-mailed; the end date, the check-out report, and no way to end a tenancy themselves.
  await waitForMail(page.request, h.landlord.email, /^Notice to end the tenancy: /)
  await page.goto(`/notices?tenancy=${h.id}`)
  const ending = page.getByRole('status').filter({ hasText: 'Tom Tenant gave notice at' })
  await expect(ending).toContainText(`The tenancy ends on ${end}.`)
  await expect(ending.getByRole('link', { name: 'Start the check-out report' })).toHaveAttribute('href', /^\/NewReport\?propertyId=/)
  await expect(page.getByText(/A landlord cannot end a tenancy on OmniRent/)).toBeVisible()
  await expect(page.getByRole('link', { name: /guidance on evicting tenants/ })).toHaveAttribute('href', 'https://www.gov.uk/evicting-tenants')
  await checkPage(page, testInfo, 'tenant-notice-landlord')
  await home.context().close()
})
