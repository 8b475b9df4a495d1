// Journey 2: registration as a landlord and as a tenant (spec 1 section 2.4).
import { expect, test, type Page } from '@playwright/test'
import { checkPage, goodPassword, mailbox, mailCount, readCode, snap, uniqueEmail } from '../support/helpers'
import { expectShell } from '../support/shell'

/** fillRegistration fills the form, checking that Continue stays disabled until everything is valid. */
async function fillRegistration(page: Page, userType: 'Landlord' | 'Tenant', email: string, fullName: string) {
  const form = page.getByRole('region', { name: 'Create an account' })
  const cont = form.getByRole('button', { name: 'Continue' })
  await expect(cont).toBeDisabled()
  await expect(form.getByText('Kindly select either landlord or tenant')).toBeVisible()

  // Clicking a tile selects it, clicking again deselects it.
  const tile = form.getByRole('button', { name: new RegExp(`^${userType}`) })
  await tile.click()
  await expect(tile).toHaveAttribute('aria-pressed', 'true')
  await tile.click()
  await expect(tile).toHaveAttribute('aria-pressed', 'false')
  await tile.click()
  await expect(tile).toHaveAttribute('aria-pressed', 'true')
  await expect(cont).toBeDisabled()

  await form.getByLabel('Full name').fill(fullName)
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password', { exact: true }).fill(goodPassword)
  await expect(cont).toBeDisabled()

  // A different repeat password shows the live hint next to the label.
  await form.getByLabel('Repeat password').fill(goodPassword + 'x')
  const hint = form.getByText('- Does not match password')
  await expect(hint).toBeVisible()
  expect(await hint.textContent()).toBe(' - Does not match password')
  await expect(cont).toBeDisabled()
  await form.getByLabel('Repeat password').fill(goodPassword)
  await expect(hint).toBeHidden()

  // Still disabled until the terms box is ticked.
  await expect(cont).toBeDisabled()
  await expect(form.getByText('Kindly agree to our Terms of Service and Privacy Policy to continue.')).toBeVisible()
  await form.getByRole('checkbox').check()
  await expect(cont).toBeEnabled()
  return { form, cont }
}

test.describe('registration', () => {
  test('landlord: register, resend code, verify, onboarding dashboard @phone', async ({ page, request }, testInfo) => {
    const email = uniqueEmail('reg-landlord')
    await page.goto('/register')
    await expect(page.getByRole('heading', { name: 'Create an account', level: 1 })).toBeVisible()
    await checkPage(page, testInfo, 'register-empty', { phoneAxe: true })

    const { form, cont } = await fillRegistration(page, 'Landlord', email, 'Laura Landlord')

    // The terms open as a pop-up over the form.
    await form.getByRole('button', { name: 'Terms of Service' }).click()
    const terms = page.getByRole('dialog', { name: 'Terms of Service' })
    await expect(terms).toBeVisible()
    await expect(terms).toContainText('not legal advice')
    await snap(page, testInfo, 'register-terms-popup')
    await terms.getByRole('button', { name: 'Close' }).click()
    await expect(terms).toBeHidden()

    await snap(page, testInfo, 'register-filled')
    await cont.click()

    // Verify Account stage.
    await expect(page.getByRole('heading', { name: 'Verify Account', level: 1 })).toBeVisible()
    await expect(page.getByText(email)).toBeVisible()
    const verify = page.getByRole('button', { name: 'Verify', exact: true })
    await expect(verify).toBeDisabled()
    await checkPage(page, testInfo, 'register-verify')

    // 'I did not receive a code' help.
    await page.getByRole('button', { name: 'I did not receive a code' }).click()
    const help = page.getByRole('dialog', { name: 'I did not receive a code' })
    await expect(help).toContainText(/spam/i)
    await expect(help.getByRole('link', { name: 'Email support' })).toHaveAttribute('href', /subject=No%20Verification%20Code/)
    await help.getByRole('button', { name: 'Close' }).click()

    // Resend code. The server sends at most one code per 10 seconds; a click
    // sooner answers the same (so a stranger cannot tell the account exists)
    // but sends nothing, so wait out the 10 seconds first.
    await readCode(request, email) // the first code has arrived
    const [first] = await mailbox(request, email)
    const before = await mailCount(request, email)
    const wait = new Date(first.createdAt).getTime() + 10_500 - Date.now()
    if (wait > 0) await page.waitForTimeout(wait)
    await page.getByRole('button', { name: 'Resend code' }).click()
    await expect(page.getByText('Code has been resent successfully!', { exact: true })).toBeVisible()
    const code = await readCode(request, email, before)

    await page.getByLabel('Verification code').fill(code)
    await expect(verify).toBeEnabled()
    await verify.click()

    await expect(page).toHaveURL(/\/dashboard$/)
    await expectShell(page, testInfo)
    await expect(page.getByRole('heading', { name: 'Add your rental property address to begin' })).toBeVisible()
    await checkPage(page, testInfo, 'dashboard-landlord-onboarding')
  })

  test('tenant: register, verify, main dashboard', async ({ page, request }, testInfo) => {
    const email = uniqueEmail('reg-tenant')
    await page.goto('/register')
    const { cont } = await fillRegistration(page, 'Tenant', email, 'Tom Tenant')
    await cont.click()

    await expect(page.getByRole('heading', { name: 'Verify Account', level: 1 })).toBeVisible()
    const code = await readCode(request, email)
    await page.getByLabel('Verification code').fill(code)
    await page.getByRole('button', { name: 'Verify', exact: true }).click()

    await expect(page).toHaveURL(/\/dashboard$/)
    await expectShell(page, testInfo)
    await expect(page.getByRole('heading', { name: 'Welcome, Tom Tenant', level: 1 })).toBeVisible()
    // A tenant's dashboard is their home (issue 27): no landlord tools.
    await expect(page.getByText(/No tenancy agreement yet/)).toBeVisible()
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    for (const landlordOnly of [/Wallet/, /Reference Check/, /Documents/]) await expect(menu.getByRole('link', { name: landlordOnly })).toHaveCount(0)
    await checkPage(page, testInfo, 'dashboard-tenant')
  })
})
