// Journey 3: signing in (spec 1 section 2.3 and 4).
import { expect, test, type Page } from '@playwright/test'
import { checkPage, createVerifiedUser, demo, readCode, registerViaApi, uniqueEmail } from '../support/helpers'
import { expectShell, expectSignInForm, logout, submitLogin } from '../support/shell'

const INCORRECT = ' - One or more fields are incorrect'

async function expectIncorrectFields(page: Page) {
  const form = page.getByRole('region', { name: 'Welcome back' })
  const notes = form.getByText('- One or more fields are incorrect')
  await expect(notes).toHaveCount(2) // next to the Email and the Password labels
  for (const t of await notes.allTextContents()) expect(t).toBe(INCORRECT)
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
}

test.describe('login', () => {
  test('wrong password and unknown e-mail get the same answer @phone', async ({ page, request }, testInfo) => {
    const user = await createVerifiedUser(request, 'login-wrong')
    await page.goto('/dashboard')
    await expectSignInForm(page)
    await checkPage(page, testInfo, 'login', { phoneAxe: true })

    const first = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'))
    await submitLogin(page, user.email, 'NotThePassword1!')
    const wrongPw = await first
    const wrongPwBody = await wrongPw.json()
    await expectIncorrectFields(page)
    await checkPage(page, testInfo, 'login-incorrect')

    await page.reload()
    const second = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'))
    await submitLogin(page, uniqueEmail('nobody'), 'NotThePassword1!')
    const unknown = await second
    const unknownBody = await unknown.json()
    await expectIncorrectFields(page)

    // The server does not tell the two apart either.
    expect(unknown.status()).toBe(wrongPw.status())
    expect(unknownBody.error).toEqual(wrongPwBody.error)
  })

  test('an unconfirmed account confirms its code, then signs in', async ({ page, request }, testInfo) => {
    const user = await registerViaApi(request, 'login-unconfirmed')
    await page.goto('/dashboard')
    await submitLogin(page, user.email, user.password)

    await expect(page.getByRole('heading', { name: 'Confirm your account', level: 1 })).toBeVisible()
    const confirm = page.getByRole('button', { name: 'Confirm Sign Up' })
    await expect(confirm).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Resend code' })).toBeVisible()
    await checkPage(page, testInfo, 'login-confirm-code')

    const code = await readCode(request, user.email)
    await page.getByLabel('Verification code').fill(code)
    await confirm.click()

    // Back to the login form, then the sign-in works.
    await expectSignInForm(page)
    await submitLogin(page, user.email, user.password)
    await expectShell(page, testInfo)
    await expect(page.getByRole('heading', { name: `Welcome, ${user.fullName}`, level: 1 })).toBeVisible()
  })

  test('signing in from a guarded page returns there; log out ends the session', async ({ page }, testInfo) => {
    await page.goto('/wallet')
    await expectSignInForm(page)
    await submitLogin(page, demo.landlord.email, demo.landlord.password)

    await expect(page).toHaveURL(/\/wallet$/)
    await expectShell(page, testInfo)
    await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible()

    await logout(page)
    await expect(page.getByRole('search', { name: 'Search homes to rent' })).toBeVisible()

    await page.goto('/profile/list')
    await expectSignInForm(page)
    await checkPage(page, testInfo, 'login-after-logout')
  })

  test('the e-mail is lowercased before sending', async ({ page }, testInfo) => {
    await page.goto('/calendar')
    await expectSignInForm(page)
    await submitLogin(page, demo.tenant.email.toUpperCase(), demo.tenant.password)
    await expect(page).toHaveURL(/\/calendar$/)
    await expectShell(page, testInfo)
  })
})
