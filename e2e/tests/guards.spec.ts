// Journey 6: route guards and the signed-in shell (spec 1 section 2.2, 6).
import { expect, test } from '@playwright/test'
import { checkPage, demo, isPhone, signInViaApi, snap } from '../support/helpers'
import { expectShell, expectSignInForm, mainMenu } from '../support/shell'

test.describe('guards', () => {
  test('signed out, guarded pages and /login open the sign-in form at /dashboard', async ({ page }) => {
    for (const path of ['/wallet', '/calendar', '/contract-builder', '/profile/list', '/login', '/admin']) {
      await page.goto(path)
      await expectSignInForm(page)
    }
  })

  test('a non-admin sees 404 at /admin and the API refuses', async ({ page }, testInfo) => {
    await signInViaApi(page, demo.landlord.email, demo.landlord.password)
    await page.goto('/dashboard')
    await expectShell(page, testInfo)
    const menu = await mainMenu(page, testInfo)
    await expect(menu.getByRole('link', { name: 'Reference Check' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Admin' })).toHaveCount(0)

    await page.goto('/admin')
    await expect(page.getByText('404 Not Found!')).toBeVisible()
    await checkPage(page, testInfo, 'admin-not-found')
    const res = await page.request.get('/api/admin/overview')
    expect(res.status()).toBe(403)
  })

  test('the admin sees the Admin menu entry and the admin page', async ({ page }, testInfo) => {
    await signInViaApi(page, demo.admin.email, demo.admin.password)
    await page.goto('/dashboard')
    await expectShell(page, testInfo)
    const menu = await mainMenu(page, testInfo)
    const admin = menu.getByRole('link', { name: 'Admin', exact: true })
    await expect(admin).toBeVisible()
    await admin.click()

    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('heading', { name: 'Admin dashboard', level: 1 })).toBeVisible()
    await expect(page.getByText('Total users')).toBeVisible()
    await checkPage(page, testInfo, 'admin')
    const res = await page.request.get('/api/admin/overview')
    expect(res.status()).toBe(200)
    expect((await res.json()).users.admins).toBeGreaterThanOrEqual(1)
  })

  test('icon menu: Maintenance opens /maintenance; Calendar opens the calendar @phone', async ({ page }, testInfo) => {
    await signInViaApi(page, demo.tenant.email, demo.tenant.password)
    await page.goto('/dashboard')
    await expectShell(page, testInfo)
    await checkPage(page, testInfo, 'shell-dashboard')

    const menu = await mainMenu(page, testInfo)
    if (isPhone(testInfo)) {
      await checkPage(page, testInfo, 'shell-drawer', { phoneAxe: true })
    }
    const maintenance = menu.getByRole('link', { name: 'Maintenance' })
    await expect(maintenance).toBeVisible()
    await expect(maintenance).toHaveAttribute('href', '/maintenance')
    // Tenants have no Wallet entry.
    await expect(menu.getByRole('link', { name: 'Wallet' })).toHaveCount(0)

    await menu.getByRole('link', { name: 'Calendar' }).click()
    await expect(page).toHaveURL(/\/calendar$/)
    if (isPhone(testInfo)) await expect(page.getByRole('dialog', { name: 'Main menu' })).toBeHidden()
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
    // A tenant has a calendar of their own too.
    await expect(page.locator('button.cal-day[aria-current="date"]')).toHaveCount(1)
    await checkPage(page, testInfo, 'calendar-tenant')
  })

  test('phone: the shell menu is a drawer that opens and closes @phone', async ({ page }, testInfo) => {
    test.skip(!isPhone(testInfo), 'the drawer is the phone layout')
    await signInViaApi(page, demo.landlord.email, demo.landlord.password)
    await page.goto('/profile/list')
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Main menu' })
    await expect(drawer).toBeVisible()
    await expect(drawer.getByRole('link', { name: 'Wallet' })).toBeVisible()
    await expect(drawer.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page')
    await drawer.getByRole('button', { name: 'Close menu' }).click()
    await expect(drawer).toBeHidden()
  })
})
