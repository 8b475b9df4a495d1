// A household for the journeys after the signature (issue 45): the
// landlord's new property let to a new tenant on an agreement both signed.
import { expect, type Browser, type Page, type TestInfo } from '@playwright/test'
import { baseURL, createVerifiedUser, isPhone, readCode, sameOrigin, signInViaApi, type NewUser } from './helpers'
import { landlordWithProperty } from './refcheck'
import { finishedDraft, signAndSendViaApi } from './contracts'

export type Household = { landlord: NewUser; tenant: NewUser; id: string; tenantPage: Page }

/** household lets the landlord's new property to a new tenant on an agreement both sign (its tenancy starting in startIn days); the tenant's page is signed in. */
export async function household(page: Page, browser: Browser, testInfo: TestInfo, prefix: string, startIn = 14): Promise<Household> {
  const tenant = await createVerifiedUser(page.request, `${prefix}tom`, 'Tenant')
  const landlord = await landlordWithProperty(page, page.request, `${prefix}lord`)
  const id = await finishedDraft(page.request, [{ first: 'Tom', last: 'Tenant', email: tenant.email }], startIn)
  await signAndSendViaApi(page.request, landlord.email, id)
  const ctx = await browser.newContext({ baseURL, viewport: page.viewportSize()!, hasTouch: isPhone(testInfo), locale: 'en-GB', timezoneId: 'Europe/London' })
  const tenantPage = await ctx.newPage()
  await signInViaApi(tenantPage, tenant.email, tenant.password)
  const before = new Date()
  expect((await tenantPage.request.post(`/api/contracts/${id}/signing/code`, { headers: sameOrigin })).status()).toBe(200)
  const code = await readCode(tenantPage.request, tenant.email, before)
  expect((await tenantPage.request.post(`/api/contracts/${id}/signing/verify`, { headers: sameOrigin, data: { code } })).status()).toBe(200)
  const st = (await (await tenantPage.request.get(`/api/contracts/${id}/signing`)).json()) as { documentHash: string }
  const signed = await tenantPage.request.post(`/api/contracts/${id}/signing/sign`, {
    headers: sameOrigin, data: { method: 'type', typed: 'Tom Tenant', documentHash: st.documentHash },
  })
  expect(signed.status(), await signed.text()).toBe(200)
  return { landlord, tenant, id, tenantPage }
}
