// Issue 3: public search. A visitor searches by postcode district from the
// landing page and finds the demo listing (27 Acacia Road, SW8: not the
// home the demo tenant rents); the demo landlord sees it under My
// properties with the Yours badge.
import { expect, test } from '@playwright/test'
import { checkPage, demo, signInViaApi, snap } from '../support/helpers'

test('a visitor searches SW8 from the landing page and sees the listing', async ({ page }, testInfo) => {
  await page.goto('/')
  await page.getByRole('search', { name: 'Search homes to rent' }).getByLabel('Search area').fill('SW8')
  await page.getByRole('search', { name: 'Search homes to rent' }).getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/listing\?searchArea=SW8/)

  const results = page.getByRole('list', { name: 'Search results' })
  const card = results.getByRole('listitem').filter({ hasText: '£2,100 pcm' }).first()
  await expect(card).toBeVisible()
  await expect(card).toContainText('London')
  await expect(card).toContainText('SW8')
  await expect(card).toContainText(/\d+\.\d mi/) // nearest station distance
  await expect(page.getByRole('group', { name: 'Which properties' })).toHaveCount(0) // visitors have no My view
  await checkPage(page, testInfo, 'listing-search-visitor')

  // The filter is in the URL: a search nobody can match says so.
  await page.goto('/listing?searchArea=SW8&minimumBeds=9')
  await expect(page.getByText('No properties match your search.')).toBeVisible()

  // An unknown place is explained next to the field.
  await page.goto('/listing?searchArea=Nowhere-on-sea')
  await expect(page.getByText('We could not find that place.', { exact: false }).first()).toBeVisible()
  await snap(page, testInfo, 'listing-unknown-place')
})

test('the landlord switches to My properties and sees the Yours badge', async ({ page }, testInfo) => {
  await signInViaApi(page, demo.landlord.email, demo.landlord.password)
  await page.goto('/listing')
  const which = page.getByRole('group', { name: 'Which properties' })
  await which.getByRole('button', { name: 'My properties' }).click()
  await expect(which.getByRole('button', { name: 'My properties' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page).toHaveURL(/mine=true/)
  const card = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()
  await expect(card).toContainText('Yours')
  await checkPage(page, testInfo, 'listing-mine')
})
