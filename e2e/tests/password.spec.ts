// Journey 4: forgotten password (spec 1 section 2.5).
import { expect, test } from '@playwright/test'
import { checkPage, createVerifiedUser, mailCount, newPassword, readCode } from '../support/helpers'
import { expectShell, expectSignInForm, submitLogin } from '../support/shell'

test('forgot password: code by e-mail, new password, old one refused', async ({ page, request }, testInfo) => {
  const user = await createVerifiedUser(request, 'reset')

  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/resetpassword$/)
  await expect(page.getByRole('heading', { name: 'Reset your password', level: 1 })).toBeVisible()
  const send = page.getByRole('button', { name: 'Send Password Reset Code' })
  await expect(send).toBeDisabled()
  await checkPage(page, testInfo, 'reset-request')

  const before = await mailCount(request, user.email)
  await page.getByLabel('Email').fill(user.email)
  await send.click()

  // Step 2: code, new password, confirm.
  const form = page.getByRole('region', { name: 'Reset your password' })
  await expect(form.getByLabel('Reset code')).toBeVisible()
  const confirm = form.getByRole('button', { name: 'Confirm' })
  await expect(confirm).toBeDisabled()
  const code = await readCode(request, user.email, before)
  await form.getByLabel('Reset code').fill(code)
  await form.getByLabel('New password').fill(newPassword)
  await form.getByLabel('Confirm password').fill(newPassword + 'x')
  await expect(form.getByText('- Does not match password')).toBeVisible()
  await expect(confirm).toBeDisabled()
  await form.getByLabel('Confirm password').fill(newPassword)
  await expect(confirm).toBeEnabled()
  await checkPage(page, testInfo, 'reset-new-password')
  await confirm.click()

  // Step 3.
  await expect(page.getByRole('heading', { name: 'Your password has been reset!', level: 1 })).toBeVisible()
  await checkPage(page, testInfo, 'reset-done')
  await page.getByRole('link', { name: 'Sign in' }).click()

  // The old password no longer works; the new one does.
  await expectSignInForm(page)
  await submitLogin(page, user.email, user.password)
  await expect(page.getByRole('region', { name: 'Welcome back' }).getByText('- One or more fields are incorrect')).toHaveCount(2)
  await submitLogin(page, user.email, newPassword)
  await expectShell(page, testInfo)
  await expect(page.getByRole('heading', { name: `Welcome, ${user.fullName}`, level: 1 })).toBeVisible()
})
