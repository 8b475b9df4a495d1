import { expect, test } from '@playwright/test'
import { createVerifiedUser, mailCount, newPassword, readCode, sameOrigin, signInViaApi, snap } from '../support/helpers'
import { expectSignInForm } from '../support/shell'

// Spec 1 section 4: a 401 from the API signs the web app out. Here the
// session dies on the server (a password reset ends every session) while the
// page is open; the next call the page makes gets a 401 and the app returns
// to the sign-in form instead of failing silently.
test('a session ended on the server signs the open page out at its next call', async ({ page, request }, testInfo) => {
  const user = await createVerifiedUser(request, 'expired')
  await signInViaApi(page, user.email, user.password)
  await page.goto('/profile/account')
  const details = page.getByRole('region', { name: 'Account Details' })
  await expect(details).toBeVisible()

  // Elsewhere, the password is reset: every session of the account ends.
  const before = await mailCount(request, user.email)
  expect((await request.post('/api/auth/password-reset/request', { headers: sameOrigin, data: { email: user.email } })).status()).toBe(200)
  const code = await readCode(request, user.email, before)
  const reset = await request.post('/api/auth/password-reset/confirm', {
    headers: sameOrigin,
    data: { email: user.email, code, password: newPassword, confirmPassword: newPassword },
  })
  expect(reset.status()).toBe(200)

  await details.getByLabel('Full Name').fill('Someone Else')
  await details.getByRole('button', { name: 'Save Details' }).click()
  await expectSignInForm(page)
  await snap(page, testInfo, 'session-ended-sign-in')
})
