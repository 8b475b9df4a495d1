// Issue 3: a visitor searches, opens a listing, is sent to sign in when
// contacting the owner, signs in as a tenant, comes back and sends a
// message; the landlord's mailbox receives it with the tenant as Reply-To.
// Issue 27: the listing shows visitors a sign-in bar (Login and Register
// come back to it), and signing in to contact the owner comes back with the
// contact form open; the stations are called what they are.
import { expect, test } from '@playwright/test'
import { checkPage, demo, mailbox, snap } from '../support/helpers'
import { submitLogin } from '../support/shell'

test('visitor opens a listing, signs in to contact the owner, and the owner is e-mailed', async ({ page, request }, testInfo) => {
  await page.goto('/listing?searchArea=SW8')
  const card = page
    .getByRole('list', { name: 'Search results' })
    .getByRole('listitem')
    .filter({ hasText: 'a short walk from Wandsworth Road' }) // the demo landlord's listed house
    .first()
  await card.getByRole('link').first().click()

  await expect(page).toHaveURL(/\/DetailPage\/[\w-]+$/)
  const detailUrl = page.url()
  await expect(page.getByText('£2,100 pcm').first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('London')
  await expect(page.getByText('Wandsworth Road').first()).toBeVisible()
  await expect(page.getByText('Approximate location (postcode district)')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Nearest stations' })).toBeVisible()
  // The sign-in bar for visitors, with Login and Register.
  const bar = page.locator('.login-bar')
  await expect(bar).toContainText('Sign in or register to contact the owner and save searches')
  await expect(bar.getByRole('link', { name: 'Register' })).toBeVisible()
  await expect(bar.getByRole('link', { name: 'Login' })).toBeVisible()
  await checkPage(page, testInfo, 'listing-detail-visitor')

  // Contacting while signed out goes to sign-in, then back to the listing
  // with the contact form open (the return address carries the intent).
  await page.getByRole('button', { name: 'Contact the owner' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await submitLogin(page, demo.tenant.email, demo.tenant.password)
  const dialog = page.getByRole('dialog', { name: 'Contact the owner' })
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(detailUrl)
  await expect(page.locator('.login-bar')).toHaveCount(0)
  await expect(dialog.getByLabel('Your email')).toHaveValue(demo.tenant.email)
  const text = `Is the house still available? (${testInfo.project.name} ${Date.now()})`
  await dialog.getByLabel('Message').fill(text)
  await snap(page, testInfo, 'listing-contact-dialog')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Your message was sent successfully')).toBeVisible()

  // The owner's mailbox has it, with Reply-To set to the tenant.
  await expect
    .poll(async () => {
      const messages = await mailbox(request, demo.landlord.email)
      const m = messages.find((x) => x.text.includes(text))
      return m?.replyTo ?? ''
    })
    .toBe(demo.tenant.email)

  // Close returns to the search with its filter.
  await page.getByRole('link', { name: 'Close' }).click()
  await expect(page).toHaveURL(/\/listing\?searchArea=SW8/)
})
