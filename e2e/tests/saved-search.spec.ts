// Issue 27, visitors and listings: a renter saves a search, sees it under
// Profile > Saved searches, and the daily e-mail (run now through the
// development hook that queues the sweep job) lists a listing published
// since, with its price in words (a weekly rent with its monthly figure);
// the e-mail's unsubscribe link works signed out. And a visitor who
// registers from the listing's sign-in bar comes back to the listing with
// the contact form open.
import { expect, test, type Page } from '@playwright/test'
import { checkPage, createVerifiedUser, goodPassword, mailbox, readCode, sameOrigin, signInViaApi, uniqueEmail } from '../support/helpers'
import { addPhotoViaApi } from '../support/photos'

/** publishWeekly publishes a weekly listing in SW11 as a new landlord, through the API. */
async function publishWeekly(page: Page, rentPounds: number): Promise<string> {
  const landlord = await createVerifiedUser(page.request, 'ss-landlord', 'Landlord')
  await signInViaApi(page, landlord.email, landlord.password)
  const res = await page.request.post('/api/properties', {
    headers: sameOrigin,
    data: { address: { addrFirstLine: '4 Lavender Sweep', addrSecondLine: '', town: 'London', postcode: 'SW11 1HA', country: 'United Kingdom' } },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { property } = (await res.json()) as { property: { id: string } }
  await addPhotoViaApi(page, property.id)
  const move = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
  const details = await page.request.put(`/api/properties/${property.id}/details`, {
    headers: sameOrigin,
    data: { rentPence: rentPounds * 100, rentCycle: 'Weekly', bedroomCount: 3, bathroomCount: 2, sofasCount: 1, furnishStatus: 'Unfurnished',
      moveInDate: move, shortDescription: 'A three-bed house by Wandsworth Common, weekly rent.', publish: true,
      propertyType: 'House', depositPence: rentPounds * 100 * 4, councilTaxBand: 'E', epcRating: 'D', billsIncluded: [], petsConsidered: false },
  })
  expect(details.status(), await details.text()).toBe(200)
  await page.request.post('/api/auth/logout', { headers: sameOrigin })
  return property.id
}

test('a renter saves a search, gets the daily e-mail of new listings once, and unsubscribes signed out @phone', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000) // two accounts, a published listing, the job queue and a signed-out visit
  const renter = await createVerifiedUser(page.request, 'ss-renter', 'Tenant')
  await signInViaApi(page, renter.email, renter.password)

  // Save the search from the search page; the name defaults to the filters.
  await page.goto('/listing?searchArea=SW11&minimumBeds=3')
  await page.getByRole('button', { name: 'Save this search' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save this search' })
  await expect(dialog.getByLabel('Name')).toHaveValue(/SW11/)
  const name = `Family homes near the common ${testInfo.project.name}`
  await dialog.getByLabel('Name').fill(name)
  await checkPage(page, testInfo, 'saved-search-dialog', { phoneAxe: true })
  await dialog.getByRole('button', { name: 'Save search' }).click()
  await expect(page.getByText('Search saved. We will e-mail you new listings once a day.')).toBeVisible()

  // Listed under Profile > Saved searches.
  await page.getByRole('link', { name: 'See your saved searches' }).click()
  await expect(page).toHaveURL(/\/profile\/saved-searches$/)
  const card = page.locator('.saved-search-card').filter({ hasText: name })
  await expect(card).toContainText('Daily e-mail on')
  await checkPage(page, testInfo, 'saved-searches-list')

  // A listing published after saving, weekly: £400 pcw is £1,733.33 pcm.
  const landlordPage = await browser.newPage()
  const id = await publishWeekly(landlordPage, 400)
  await landlordPage.close()

  // The daily sweep, run now (twice: still one e-mail).
  for (let i = 0; i < 2; i++) {
    const res = await page.request.post('/api/dev/saved-searches/sweep', { headers: sameOrigin })
    expect(res.status()).toBe(202)
  }
  const subject = `new listing for “${name}”`
  await expect
    .poll(async () => (await mailbox(page.request, renter.email)).filter((m) => m.subject.includes(subject)).length, {
      timeout: 20_000,
      message: 'the saved search e-mail',
    })
    .toBe(1)
  await page.waitForTimeout(1500) // a second e-mail would have arrived by now
  const mails = (await mailbox(page.request, renter.email)).filter((m) => m.subject.includes(subject))
  expect(mails).toHaveLength(1)
  const mail = mails[0]
  expect(mail.text).toContain('£400 pcw (£1,733.33 pcm)')
  expect(mail.text).toContain('3 bedroom home to rent in London')
  expect(mail.text).toContain(`/DetailPage/${id}`)
  const unsubscribe = /(\/saved-searches\/unsubscribe\?token=\S+)/.exec(mail.text)?.[1]
  expect(unsubscribe, mail.text).toBeTruthy()

  // The card of the weekly listing shows both prices.
  await page.goto('/listing?searchArea=SW11&minimumBeds=3&sort=newest')
  const listed = page.getByRole('listitem').filter({ hasText: 'weekly rent' }).first()
  await expect(listed).toContainText('£400 pcw (£1,733.33 pcm)')
  await expect(listed).toContainText('Nearest station:')
  await checkPage(page, testInfo, 'listing-weekly-card')

  // Open re-runs the search.
  await page.goto('/profile/saved-searches')
  await page.getByRole('link', { name: `Open ${name}` }).click()
  await expect(page).toHaveURL(/\/listing\?.*searchArea=SW11/)
  await expect(page).toHaveURL(/minimumBeds=3/)

  // Unsubscribe, signed out, from the e-mail's link.
  const signedOut = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'en-GB', baseURL: new URL(page.url()).origin })
  const visitor = await signedOut.newPage()
  await visitor.goto(unsubscribe!)
  await expect(visitor.getByText(name)).toBeVisible()
  await checkPage(visitor, testInfo, 'saved-search-unsubscribe')
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(visitor.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible()
  await expect(visitor.getByText('You will no longer get e-mails for this saved search.')).toBeVisible()
  await checkPage(visitor, testInfo, 'saved-search-unsubscribed')
  await signedOut.close()

  // The renter's list says the e-mails are off; the renter deletes the search.
  await page.goto('/profile/saved-searches')
  await expect(card).toContainText('E-mails off')
  await card.getByRole('button', { name: `Delete ${name}` }).click()
  await page.getByRole('dialog', { name: 'Delete saved search' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Saved search deleted.')).toBeVisible()
  await expect(card).toHaveCount(0)
})

test('a visitor registers from the listing’s sign-in bar and comes back with the contact form open', async ({ page, request }, testInfo) => {
  await page.goto('/listing?searchArea=SW8')
  await page
    .getByRole('list', { name: 'Search results' })
    .getByRole('listitem')
    .filter({ hasText: 'a short walk from Wandsworth Road' }) // the demo listing
    .first()
    .getByRole('link')
    .first()
    .click()
  await expect(page).toHaveURL(/\/DetailPage\/[\w-]+$/)
  const detailUrl = page.url()
  await page.locator('.login-bar').getByRole('link', { name: 'Register' }).click()
  await expect(page).toHaveURL(/\/register$/)

  const email = uniqueEmail('ss-visitor')
  const form = page.getByRole('region', { name: 'Create an account' })
  await form.getByRole('button', { name: /^Tenant/ }).click()
  await form.getByLabel('Full name').fill('Vera Visitor')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password', { exact: true }).fill(goodPassword)
  await form.getByLabel('Repeat password').fill(goodPassword)
  await form.getByRole('checkbox').check()
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { name: 'Verify Account', level: 1 })).toBeVisible()
  await page.getByLabel('Verification code').fill(await readCode(request, email))
  await page.getByRole('button', { name: 'Verify', exact: true }).click()

  const dialog = page.getByRole('dialog', { name: 'Contact the owner' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Your email')).toHaveValue(email)
  await expect(page).toHaveURL(detailUrl)
  await checkPage(page, testInfo, 'listing-contact-after-register')
})
