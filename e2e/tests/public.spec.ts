// Journey 1: the public site a visitor sees (spec 1 sections 1 and 2.1).
import { expect, test } from '@playwright/test'
import { checkPage, expectNoA11yViolations, expectWithin, isPhone, snap } from '../support/helpers'

test.describe('public site', () => {
  test('landing page: search banner, calls to action, top nav and footer @phone', async ({ page }, testInfo) => {
    await page.goto('/')
    const search = page.getByRole('search', { name: 'Search homes to rent' })
    await expect(search.getByLabel('Search area')).toBeVisible()
    await expect(search.getByRole('button', { name: 'Search', exact: true })).toBeVisible()
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/dashboard')
    await expect(main.getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', '/register')
    await expect(page.getByRole('link', { name: 'OmniRent home' }).first()).toHaveAttribute('href', '/')

    // Top navigation; on a phone it sits behind the menu button.
    if (isPhone(testInfo)) {
      const open = page.getByRole('button', { name: 'Open menu' })
      await expect(open).toBeVisible()
      await open.click()
      await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
      await checkPage(page, testInfo, 'landing-nav-open', { phoneAxe: true })
    }
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const [name, href] of [
      ['Reference Check', '/dashboard'],
      ['News', '/omninews'],
      ['Contract Builder', '/contract-builder'],
      ['Blog', '/Blog'],
      ['Get Started', '/dashboard'],
    ] as const) {
      const link = nav.getByRole('link', { name, exact: true })
      await expect(link).toBeVisible()
      await expect(link).toHaveAttribute('href', href)
    }
    if (isPhone(testInfo)) await page.getByRole('button', { name: 'Close menu' }).click()

    // Footer: data-protection registration number and the current year.
    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText(/Data protection registration number:\s*ZB000000/)
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`)
    await checkPage(page, testInfo, 'landing')
  })

  test('search with bedroom and price pop-ups lands on /listing with the filter', async ({ page }, testInfo) => {
    await page.goto('/')
    const search = page.getByRole('search', { name: 'Search homes to rent' })
    await search.getByLabel('Search area').fill('SW11')

    await search.getByRole('button', { name: /Bedrooms/ }).click()
    const beds = page.getByRole('dialog', { name: 'Bedrooms' })
    await expect(beds).toBeVisible()
    await beds.getByLabel('Min bedrooms').selectOption({ label: '2' })
    await beds.getByLabel('Max bedrooms').selectOption({ label: '3' })
    await snap(page, testInfo, 'landing-bedrooms-popup')
    await beds.getByRole('button', { name: 'Done' }).click()
    await expect(beds).toBeHidden()
    await expect(search.getByRole('button', { name: /Bedrooms/ })).toContainText('2-3 beds')

    await search.getByRole('button', { name: /Price/ }).click()
    const price = page.getByRole('dialog', { name: 'Price' })
    await expect(price).toBeVisible()
    await price.getByLabel('Min price').selectOption({ label: '£1,000' })
    await price.getByLabel('Max price').selectOption({ label: '£5,000' })
    await snap(page, testInfo, 'landing-price-popup')
    await expectNoA11yViolations(page, 'landing with price pop-up')
    await page.keyboard.press('Escape')
    await expect(price).toBeHidden()
    await expect(search.getByRole('button', { name: /Price/ })).toContainText('£1,000-£5,000 pcm')
    // The banner keeps its fields inside its white card at every width.
    await expectWithin(search.getByLabel('Search area'), search, 'search area field')
    await expectWithin(search.getByRole('button', { name: /Price/ }), search, 'price button')
    await expectWithin(search.getByRole('button', { name: 'Search', exact: true }), search, 'Search button')

    await search.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/\/listing\?/)
    const url = new URL(page.url())
    expect(url.searchParams.get('searchArea')).toBe('SW11')
    expect(url.searchParams.get('minimumBeds')).toBe('2')
    expect(url.searchParams.get('maximumBeds')).toBe('3')
    expect(url.searchParams.get('rentCycle')).toBe('Monthly')
    expect(url.searchParams.get('minimumRent')).toBe('1000')
    expect(url.searchParams.get('maximumRent')).toBe('5000')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await checkPage(page, testInfo, 'listing-public')
  })

  test('about us shows the two co-founders', async ({ page }, testInfo) => {
    await page.goto('/about-us')
    const founders = page.getByRole('region', { name: 'Meet the founders' })
    await expect(founders.getByRole('listitem')).toHaveCount(2)
    await expect(founders.getByText(/^Co-founder/)).toHaveCount(2)
    await checkPage(page, testInfo, 'about-us')
  })

  test('privacy policy is a long UK legal text', async ({ page }, testInfo) => {
    await page.goto('/privacy-policy')
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/privacy/i)
    const body = page.locator('body')
    await expect(body).toContainText('6 years')
    await expect(body).toContainText('one month')
    expect((await body.innerText()).length).toBeGreaterThan(4000)
    await checkPage(page, testInfo, 'privacy-policy')
  })

  test('terms of service is a long UK legal text', async ({ page }, testInfo) => {
    await page.goto('/terms-of-service')
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/terms/i)
    const body = page.locator('body')
    await expect(body).toContainText(/60[- ]day/)
    await expect(body).toContainText('not legal advice')
    expect((await body.innerText()).length).toBeGreaterThan(4000)
    await checkPage(page, testInfo, 'terms-of-service')
  })

  test('/checkFailed shows only fail', async ({ page }, testInfo) => {
    await page.goto('/checkFailed')
    await expect(page.getByText('fail', { exact: true })).toBeVisible()
    await checkPage(page, testInfo, 'check-failed')
  })

  test('an unknown path shows 404 Not Found!', async ({ page }, testInfo) => {
    await page.goto('/some/unknown')
    await expect(page.getByText('404 Not Found!')).toBeVisible()
    await checkPage(page, testInfo, 'not-found')
  })
})
