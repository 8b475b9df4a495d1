// Issue 27, "A tenant's home": a landlord sends an agreement with the
// property's certificates shared; the tenant signs in and lands on their
// home (the agreement awaiting their signature, the landlord and the address
// for notices, the certificates with downloads, the dates ahead), signs,
// sees the joint tenant's progress by name (never their e-mail), and a
// landlord's page shows them the way home. No landlord-only entry appears
// in a tenant's menu.
import { expect, test, type Page } from '@playwright/test'
import { baseURL, checkPage, createVerifiedUser, demo, isPhone, readCode, sameOrigin, signInViaApi } from '../support/helpers'
import { landlordWithProperty } from '../support/refcheck'
import { finishedDraft, signAndSendViaApi } from '../support/contracts'
import { addCertificate } from '../support/certificates'
import { mainMenu } from '../support/shell'

async function proveEmail(page: Page, email: string) {
  const before = new Date()
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByText('Please Check your email')).toBeVisible()
  await page.getByLabel('6 digit code').fill(await readCode(page.request, email, before))
  await page.getByRole('button', { name: 'Verify' }).click()
}

test('a tenant finds their home: agreement to sign, landlord, certificates, dates, joint progress', async ({ page, request, browser }, testInfo) => {
  test.setTimeout(120_000)
  // The tenants have accounts; the landlord builds and sends the agreement with certificates shared.
  const tom = await createVerifiedUser(request, 'hometom', 'Tenant')
  const tess = await createVerifiedUser(request, 'hometess', 'Tenant')
  const landlord = await landlordWithProperty(page, request, 'homelord')
  const props = (await (await page.request.get('/api/properties')).json()) as { properties: { id: string }[] }
  const pid = props.properties[0].id
  expect((await page.request.put(`/api/properties/${pid}/compliance`, { headers: sameOrigin, data: { hasGas: true } })).status()).toBe(200)
  await addCertificate(page.request, { propertyId: pid, type: 'gas-safety', issuedOn: '2026-03-01' }, 'gas-safety.pdf')
  await addCertificate(page.request, { propertyId: pid, type: 'epc', issuedOn: '2020-01-10', epcRating: 'C' }, 'epc.pdf')
  await addCertificate(page.request, { propertyId: pid, type: 'deposit-protection', issuedOn: '2026-11-01', expiresOn: '2027-12-01' }, 'deposit.pdf')
  const id = await finishedDraft(page.request, [
    { first: 'Tom', last: 'Tenant', email: tom.email },
    { first: 'Tess', last: 'Tenant', email: tess.email },
  ])
  await signAndSendViaApi(page.request, landlord.email, id)

  // Tess signs first (through the API; the screen is Tom's below).
  const tessCtx = await browser.newContext({ baseURL })
  const tessPage = await tessCtx.newPage()
  await signInViaApi(tessPage, tess.email, tess.password)
  {
    const before = new Date()
    await tessPage.request.post(`/api/contracts/${id}/signing/code`, { headers: sameOrigin })
    const code = await readCode(request, tess.email, before)
    await tessPage.request.post(`/api/contracts/${id}/signing/verify`, { headers: sameOrigin, data: { code } })
    const st = (await (await tessPage.request.get(`/api/contracts/${id}/signing`)).json()) as { documentHash: string }
    const r = await tessPage.request.post(`/api/contracts/${id}/signing/sign`, { headers: sameOrigin, data: { method: 'type', typed: 'Tess Tenant', documentHash: st.documentHash } })
    expect(r.status(), await r.text()).toBe(200)
  }
  await tessCtx.close()

  // Tom signs in and lands on his home.
  const ctx = await browser.newContext({ baseURL, viewport: page.viewportSize()!, hasTouch: isPhone(testInfo) })
  const home = await ctx.newPage()
  await signInViaApi(home, tom.email, tom.password)
  await home.goto('/dashboard')
  await expect(home.getByRole('heading', { name: 'What needs doing' })).toBeVisible()
  await expect(home.getByText('is waiting for your signature').first()).toBeVisible()
  await expect(home.getByText('Lara Lord').first()).toBeVisible()
  await expect(home.getByText('1 Office Row', { exact: false }).first()).toBeVisible()
  await expect(home.getByRole('link', { name: landlord.email })).toBeVisible()
  // Joint tenant: her name and that she signed, never her e-mail address.
  const signers = home.getByRole('region', { name: 'Who has signed' })
  await expect(signers.getByText('Tess Tenant')).toBeVisible()
  await expect(signers.getByText(/Signed on/).first()).toBeVisible()
  await expect(home.getByText(tess.email)).toHaveCount(0)
  // Certificates: shared ones download; the prescribed information is asked for in plain words.
  const certs = home.getByRole('region', { name: "Your home's certificates" })
  await expect(certs.getByText('Gas Safety Certificate')).toBeVisible()
  await expect(certs.getByText('Deposit protection certificate')).toBeVisible()
  await expect(certs.getByText('Prescribed information')).toBeVisible()
  await expect(certs.getByText(/Not shared yet/).first()).toBeVisible()
  const dl = certs.getByRole('link', { name: /Download the Gas Safety Certificate/ })
  const file = await home.request.get((await dl.getAttribute('href'))!)
  expect(file.status()).toBe(200)
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-')
  // Dates ahead: the start, the rent day and the next gas check.
  const dates = home.getByRole('region', { name: 'Dates ahead' })
  await expect(dates.getByText('Tenancy starts')).toBeVisible()
  await expect(dates.getByText('Gas safety check due')).toBeVisible()
  await expect(home.getByText('No reference checks.', { exact: false })).toBeVisible()
  await checkPage(home, testInfo, 'tenant-home-to-sign', { phoneAxe: true })

  // The menu has the tenant's home and no landlord tools.
  const menu = await mainMenu(home, testInfo)
  await expect(menu.getByRole('link', { name: 'My home' })).toBeVisible()
  for (const name of ['Wallet', 'Documents', 'Reference Check']) await expect(menu.getByRole('link', { name, exact: true })).toHaveCount(0)
  await home.keyboard.press('Escape')

  // Read and sign: the agreement and its Sign button come first; the ids are folded away.
  await home.goto('/dashboard')
  await home.getByRole('link', { name: 'Read and sign' }).first().click()
  await expect(home.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible()
  await proveEmail(home, tom.email)
  await expect(home.getByRole('heading', { name: 'Your signature' })).toBeVisible()
  await expect(home.getByText('Your signature', { exact: true })).toHaveCount(1)
  await home.getByRole('tab', { name: 'Type' }).click()
  await home.getByLabel('Type your full name').fill('Tom Tenant')
  await home.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(home.getByText(/Every party has now signed|Contract signed/).first()).toBeVisible()

  // Home again: nothing waits, both tenants signed.
  await home.goto('/dashboard')
  await expect(home.getByText('Nothing is waiting for you right now.')).toBeVisible()
  await expect(home.getByRole('region', { name: 'Who has signed' }).getByText('Not signed yet')).toHaveCount(0)
  await checkPage(home, testInfo, 'tenant-home-signed')

  // A landlord's page: a helpful message and the way home.
  for (const path of ['/wallet', '/documents/menu', '/NewReport', '/profile/add']) {
    await home.goto(path)
    await expect(home.getByRole('heading', { name: 'This page is for landlords' })).toBeVisible()
  }
  await checkPage(home, testInfo, 'tenant-landlord-page')
  await home.getByRole('link', { name: 'Go to your home' }).click()
  await expect(home.getByRole('heading', { name: 'What needs doing' })).toBeVisible()
  // OmniScan shows a tenant the reports sent to them, not a start card.
  await home.goto('/inventory')
  await expect(home.getByRole('link', { name: 'Start new report' })).toHaveCount(0)
  await ctx.close()
})

test('a tenant with nothing yet reads plain empty states; the server refuses landlords', async ({ page, request }, testInfo) => {
  const t = await createVerifiedUser(request, 'homeempty', 'Tenant')
  await signInViaApi(page, t.email, t.password)
  await page.goto('/dashboard')
  await expect(page.getByText('Nothing is waiting for you right now.')).toBeVisible()
  await expect(page.getByText(/No tenancy agreement yet/)).toBeVisible()
  await expect(page.getByText(/No inventory reports yet/)).toBeVisible()
  await checkPage(page, testInfo, 'tenant-home-empty')
  const lord = await createVerifiedUser(request, 'homelord2', 'Landlord')
  await signInViaApi(page, lord.email, lord.password)
  expect((await page.request.get('/api/me/home')).status()).toBe(403)
})

test('the demo tenant signs in to their home: the signed agreement, certificates and rent day', async ({ page }, testInfo) => {
  await signInViaApi(page, demo.tenant.email, demo.tenant.password)
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Your tenancy' })).toBeVisible()
  await expect(page.getByText('Add a Property')).toHaveCount(0)
  await expect(page.getByText(/Signed by everyone/).first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Dates ahead' }).getByText('Rent due')).toBeVisible()
  await expect(page.getByRole('region', { name: "Your home's certificates" }).getByRole('link', { name: /Download/ }).first()).toBeVisible()
  await checkPage(page, testInfo, 'tenant-home-demo')
})
