// A landlord withdraws an agreement sent for signing to change it (a start
// date that passed before the tenants signed, a mistake seen after
// sending): the signing status offers "Withdraw to change it", asks first,
// and opens the draft again; the tenant is told by e-mail and no longer sees
// it; sent again (the fee is not charged twice), it waits for the tenant's
// signature on their home. The refusal after the start date itself needs a
// clock the browser cannot move: internal/contract/withdraw_test.go.
import { expect, test } from '@playwright/test'
import { baseURL, checkPage, createVerifiedUser, isPhone, mailbox, sameOrigin, signInViaApi, snap } from '../support/helpers'
import { landlordWithProperty } from '../support/refcheck'
import { finishedDraft, signAndSendViaApi } from '../support/contracts'

test('a landlord withdraws a sent agreement, changes it and sends it again', async ({ page, request, browser }, testInfo) => {
  test.setTimeout(120_000)
  const tom = await createVerifiedUser(request, 'wdtom', 'Tenant')
  const landlord = await landlordWithProperty(page, request, 'wdlord')
  const id = await finishedDraft(page.request, [{ first: 'Tom', last: 'Tenant', email: tom.email }])
  await signAndSendViaApi(page.request, landlord.email, id)

  // The landlord's agreement, awaiting Tom: withdraw it, after a question.
  await page.goto(`/contract-builder?view=awaiting&id=${id}`)
  const status = page.getByRole('region', { name: 'Signing progress' })
  await expect(status).toBeVisible()
  await status.getByRole('button', { name: 'Withdraw to change it' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('The signatures given so far no longer count, and the tenants are told by e-mail. The fee is not charged again.')
  await snap(page, testInfo, 'contract-withdraw-ask')
  if (!isPhone(testInfo)) await checkPage(page, testInfo, 'contract-withdraw-ask')
  await dialog.getByRole('button', { name: 'Withdraw to change it' }).click()
  await expect(page.getByText('The agreement is withdrawn and back in your drafts', { exact: false }).first()).toBeVisible()
  await expect(page).toHaveURL(/view=draft/)
  await expect(page.getByRole('button', { name: 'Sign and Send' }).first()).toBeVisible()
  await checkPage(page, testInfo, 'contract-withdrawn-draft')

  // Tom is told, and the draft is the landlord's alone.
  await expect.poll(async () => (await mailbox(request, tom.email)).some((m) => /was withdrawn$/.test(m.subject))).toBe(true)
  const tomCtx = await browser.newContext({ baseURL, viewport: page.viewportSize()!, hasTouch: isPhone(testInfo) })
  const home = await tomCtx.newPage()
  await signInViaApi(home, tom.email, tom.password)
  expect((await home.request.get(`/api/contracts/${id}`)).status()).toBe(404)
  await home.goto('/dashboard')
  await expect(home.getByText('Nothing is waiting for you right now.')).toBeVisible()

  // Changed (a lower rent) and sent again without a second fee: it waits for Tom again.
  const c = (await (await page.request.get(`/api/contracts/${id}`)).json()) as { contract: { answers: Record<string, unknown> } }
  const answers = { ...c.contract.answers, rentPence: 140000 }
  for (const step of ['rent', 'firstPayment', 'deposit', 'utilities', 'schedule', 'shared', 'parking', 'additionalTerms', 'mortgage']) {
    const r = await page.request.put(`/api/contracts/${id}/steps`, { headers: sameOrigin, data: { step, answers } })
    expect(r.status(), `${step}: ${await r.text()}`).toBe(200)
  }
  const sig = (await (await page.request.get(`/api/contracts/${id}/signing`)).json()) as { needsPayment: boolean }
  expect(sig.needsPayment).toBe(false)
  await signAndSendViaApi(page.request, landlord.email, id, { paid: true })
  await home.goto('/dashboard')
  await expect(home.getByText('is waiting for your signature').first()).toBeVisible()
  await expect(home.getByText('£1,400.00 a month', { exact: false }).first()).toBeVisible()
  await tomCtx.close()

  // The landlord's audit trail says it was withdrawn.
  await page.goto(`/contract-builder?view=awaiting&id=${id}`)
  await page.getByText('Audit trail').click()
  await expect(page.getByText('Withdrawn to change it').first()).toBeVisible()
  await checkPage(page, testInfo, 'contract-sent-again')
})
