// Issue 3 (first slice): a new landlord onboards with a property, fills the
// portal details, publishes, un-publishes, re-publishes and deletes it.
import { expect, test } from '@playwright/test'
import { checkPage, createVerifiedUser, signInViaApi, snap } from '../support/helpers'

test('a new landlord adds a property, publishes it and manages its status', async ({ page, request }, testInfo) => {
  const user = await createVerifiedUser(request, 'prop', 'Landlord')
  await signInViaApi(page, user.email, user.password)

  // Onboarding: the dashboard asks for the first address.
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Add your rental property address to begin' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Skip this step' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Complete Registration' }).click()
  await expect(page.getByText('Please enter first line address, town, postcode and country.').first()).toBeVisible()
  await page.getByLabel('First line of address').fill('12 Lavender Hill')
  await page.getByLabel('Town').fill('London')
  await page.getByLabel('Postcode').fill('sw11 5rw')
  await expect(page.getByLabel('Country')).toHaveValue('United Kingdom')
  await checkPage(page, testInfo, 'property-onboarding')
  await page.getByRole('button', { name: 'Complete Registration' }).click()

  // Step 2: portal details.
  const form = page.getByRole('form', { name: 'Property Portal Details' })
  await expect(form).toBeVisible()
  const publish = form.getByRole('button', { name: 'Save and Publish' })
  await expect(publish).toBeDisabled()
  await form.getByLabel('Rental price').fill('1,85x0')
  await expect(form.getByLabel('Rental price')).toHaveValue('1850')
  await form.getByRole('button', { name: 'More bedrooms' }).click()
  await form.getByRole('button', { name: 'More bedrooms' }).click()
  await form.getByRole('button', { name: 'More bathrooms' }).click()
  await form.getByRole('button', { name: 'Fewer living rooms' }).click() // stays at 0
  await form.getByLabel('Move-in date', { exact: true }).pressSequentially('01122026')
  await expect(form.getByLabel('Move-in date', { exact: true })).toHaveValue('01/12/2026')
  const description = `Bright two-bedroom flat near Clapham Junction (${user.email}).`
  await form.getByLabel('Short description').fill(description)
  // Public search, checked through the API until the search page has its own journey.
  const inSearch = async () => {
    const res = await request.get('/api/listings?searchArea=SW11&radius=0.5')
    expect(res.status()).toBe(200)
    return ((await res.json()).listings as { shortDescription: string }[]).some((l) => l.shortDescription === description)
  }
  await checkPage(page, testInfo, 'property-portal-details')
  await expect(publish).toBeEnabled()
  await publish.click()

  // The list shows it Published; un-publish, publish again, delete.
  await expect(page).toHaveURL(/\/profile\/list$/)
  const row = page.getByRole('list', { name: 'Your properties' }).getByRole('listitem').filter({ hasText: '12 Lavender Hill' })
  await expect(row).toContainText('SW11 5RW')
  await expect(row).toContainText('Published')
  await expect(row).toContainText('£1,850')
  expect(await inSearch()).toBe(true)
  await snap(page, testInfo, 'property-list-published')

  await row.getByRole('button', { name: /^Un-publish/ }).click()
  const confirm = page.getByRole('dialog', { name: 'Please confirm' })
  await expect(confirm).toContainText('Un-publish this property? It will be removed from public search.')
  await confirm.getByRole('button', { name: 'Un-publish' }).click()
  await expect(page.getByText('Action successful.')).toBeVisible()
  await expect(row).toContainText('Active')
  expect(await inSearch()).toBe(false)

  await row.getByRole('button', { name: /^Publish/ }).click()
  await confirm.getByRole('button', { name: 'Publish' }).click()
  await expect(row).toContainText('Published')

  expect(await inSearch()).toBe(true)

  await row.getByRole('button', { name: /^Delete/ }).click()
  await expect(confirm).toContainText('Delete this property? It will be removed from your lists.')
  await confirm.getByRole('button', { name: /Delete/ }).click()
  await expect(row).toHaveCount(0)
  expect(await inSearch()).toBe(false)

  // With no property left, the dashboard asks for an address again.
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Add your rental property address to begin' })).toBeVisible()
})
