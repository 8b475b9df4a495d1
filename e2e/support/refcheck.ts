// Shared steps of the reference-check journeys (refcheck.spec.ts,
// renter-check.spec.ts): a landlord with a property, promo codes made
// through the API, the OmniCheck form and the sandbox card.
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test'
import { baseURL, createVerifiedUser, demo, isPhone, mailbox, sameOrigin, signInViaApi, type MailMessage, type NewUser } from './helpers'

/** createPromoCode makes a code as the demo admin, through the API (not the admin screens). */
export async function createPromoCode(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, discount: number) {
  const admin = await playwright.request.newContext({ baseURL })
  const login = await admin.post('/api/auth/login', { headers: sameOrigin, data: demo.admin })
  expect(login.status(), `admin login: ${await login.text()}`).toBe(200)
  const code = `E2E${discount}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
  const res = await admin.post('/api/admin/promo-codes', {
    headers: sameOrigin,
    data: { code, active: true, discount, startDate: '2026-01-01', endDate: '2030-12-31' },
  })
  expect(res.status(), `create promo code: ${await res.text()}`).toBe(201)
  await admin.dispose()
  return code
}

/** deactivatePromoCode switches a code off as the admin would on /admin. */
export async function deactivatePromoCode(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, code: string) {
  const admin = await playwright.request.newContext({ baseURL })
  const login = await admin.post('/api/auth/login', { headers: sameOrigin, data: demo.admin })
  expect(login.status(), `admin login: ${await login.text()}`).toBe(200)
  const list = (await (await admin.get('/api/admin/promo-codes')).json()) as { codes: { id: string; code: string; discount: number; startDate: string; endDate: string }[] }
  const found = list.codes.find((c) => c.code === code)
  expect(found, `promo code ${code} in the admin list`).toBeTruthy()
  const res = await admin.put(`/api/admin/promo-codes/${found!.id}`, {
    headers: sameOrigin,
    data: { code, active: false, discount: found!.discount, startDate: found!.startDate, endDate: found!.endDate },
  })
  expect(res.status(), `deactivate promo code: ${await res.text()}`).toBe(200)
  await admin.dispose()
}

/** landlordWithProperty signs a new landlord in, with one property added through the API. */
export async function landlordWithProperty(page: Page, request: APIRequestContext, prefix: string): Promise<NewUser> {
  const user = await createVerifiedUser(request, prefix, 'Landlord')
  await signInViaApi(page, user.email, user.password)
  const res = await page.request.post('/api/properties', {
    headers: sameOrigin,
    data: { address: { addrFirstLine: '8 Northcote Road', addrSecondLine: '', town: 'London', postcode: 'SW11 1NT', country: 'United Kingdom' } },
  })
  expect(res.status(), `add property: ${await res.text()}`).toBe(201)
  return user
}

/** waitForMail waits until `email` has a message whose subject matches. */
export async function waitForMail(request: APIRequestContext, email: string, subject: RegExp): Promise<MailMessage> {
  let found: MailMessage | undefined
  await expect
    .poll(
      async () => {
        found = (await mailbox(request, email)).find((m) => subject.test(m.subject))
        return !!found
      },
      { message: `mail to ${email} matching ${subject}`, timeout: 15_000 },
    )
    .toBe(true)
  return found!
}

export async function fillRenters(page: Page, renters: { name: string; email: string }[]) {
  for (const [i, r] of renters.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add renter' }).click()
    await page.getByLabel(`Renter ${i + 1} full name`).fill(r.name)
    await page.getByLabel(`Renter ${i + 1} email`).fill(r.email)
  }
}

export async function fillCard(page: Page, number: string) {
  const card = page.getByRole('region', { name: 'Card payment' })
  await card.getByLabel('First line of address').fill('8 Northcote Road')
  await card.getByLabel('Town').fill('London')
  await card.getByLabel('Postcode').fill('SW11 1NT')
  await expect(card.getByLabel('Country')).toHaveValue('GB')
  await card.getByLabel('Name on card').fill('Test Person')
  await card.getByLabel('Card number').pressSequentially(number)
  await card.getByLabel('Expiry (MM / YY)').pressSequentially('1230')
  await card.getByLabel('CVC').fill('123')
  return card
}

/** toCard opens the card panel: on a phone (800 px or less) the basket and card take turns. */
export async function toCard(page: Page, testInfo: TestInfo) {
  if (isPhone(testInfo)) {
    await expect(page.getByRole('region', { name: 'Card payment' })).toHaveCount(0)
    await page.getByRole('button', { name: 'CONTINUE TO CARD PAYMENT' }).click()
    await expect(page.getByRole('region', { name: 'Basket' })).toHaveCount(0)
  }
  await expect(page.getByRole('region', { name: 'Card payment' })).toBeVisible()
}

/**
 * buyCheckWithCard buys an instant check for `renters` of the landlord's
 * first property at `rent` pounds a month, paying with the sandbox card
 * 4242 4242 4242 4242, and waits for the success page.
 */
export async function buyCheckWithCard(page: Page, testInfo: TestInfo, renters: { name: string; email: string }[], rent: number) {
  await page.goto('/dashboard?view=initiate&step=form')
  await fillRenters(page, renters)
  await page.getByLabel('Rental property').selectOption({ index: 1 })
  await page.getByLabel('Monthly rent (£)').fill(String(rent))
  await page.getByLabel('Security deposit (£)').fill(String(rent))
  await page.getByRole('button', { name: 'CONTINUE TO PAYMENT' }).click()
  await expect(page).toHaveURL(/step=pay&check=/)
  await toCard(page, testInfo)
  const card = await fillCard(page, '4242424242424242')
  await card.getByRole('button', { name: 'MAKE CARD PAYMENT' }).click()
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible()
}
