// Helpers for the signed-in shell and the sign-in form.
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test'
import { isPhone } from './helpers'

/** loginForm fills and submits the sign-in form shown on /dashboard when signed out. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('region', { name: 'Welcome back' })
  await expect(form).toBeVisible()
  await form.getByLabel('Email').fill(email)
  // The label may carry the ' - One or more fields are incorrect' note.
  await form.getByLabel(/^Password/).fill(password)
  await form.getByRole('button', { name: 'Login' }).click()
}

/** expectSignInForm checks that the page shows the sign-in form at /dashboard. */
export async function expectSignInForm(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Welcome back', level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Welcome back' })).toBeVisible()
}

/** expectShell checks the signed-in shell: icon rail on desktop, menu button on a phone, Log out. */
export async function expectShell(page: Page, testInfo: TestInfo): Promise<void> {
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  if (isPhone(testInfo)) {
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
  } else {
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()
  }
}

/**
 * mainMenu returns the visible icon menu: the rail on desktop, or the drawer
 * on a phone (opened here).
 */
export async function mainMenu(page: Page, testInfo: TestInfo): Promise<Locator> {
  if (isPhone(testInfo)) {
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Main menu' })
    await expect(drawer).toBeVisible()
    return drawer.getByRole('navigation', { name: 'Main menu' })
  }
  return page.getByRole('navigation', { name: 'Main menu' })
}

export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/$/)
}
