// Issue 25's listing leftovers, as a landlord meets them on the form: a
// listing without a photo is refused with the reason; "No" answers whether
// pets will be considered; a home rated F publishes only with its
// registered PRS exemption, which the listing then shows.
import { expect, test } from '@playwright/test'
import { checkPage, createVerifiedUser, sameOrigin, signInViaApi } from '../support/helpers'
import { addPhotoViaApi } from '../support/photos'
import { addCertificate } from '../support/certificates'

test('a landlord publishes an F-rated home with its registered exemption and pets No, after adding a photo', async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  const landlord = await createVerifiedUser(page.request, 'rules', 'Landlord')
  await signInViaApi(page, landlord.email, landlord.password)
  const res = await page.request.post('/api/properties', {
    headers: sameOrigin,
    data: { address: { addrFirstLine: '7 Battersea Rise', addrSecondLine: '', town: 'London', postcode: 'SW11 1EQ', country: 'United Kingdom' } },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { property } = (await res.json()) as { property: { id: string } }
  const move = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
  const saved = await page.request.put(`/api/properties/${property.id}/details`, {
    headers: sameOrigin,
    data: { rentPence: 150000, rentCycle: 'Monthly', bedroomCount: 1, bathroomCount: 1, sofasCount: 1, furnishStatus: 'Furnished',
      moveInDate: move, shortDescription: 'A one-bed flat in an old mansion block.', publish: false,
      propertyType: 'Flat', depositPence: 150000, councilTaxBand: 'B', epcRating: 'C', billsIncluded: [], petsConsidered: true },
  })
  expect(saved.status(), await saved.text()).toBe(200)

  await page.goto(`/profile/edit?id=${encodeURIComponent(property.id)}&tab=details`)
  const form = page.getByRole('form', { name: 'Property Portal Details' })
  const publish = form.getByRole('button', { name: 'Save and Publish' })
  // No photo yet: refused, with the reason.
  await publish.click()
  await expect(form.getByText('Add at least one photo before publishing: renters decide from the photos first.')).toBeVisible()

  // F needs the registered exemption; pets No is an answer.
  await form.getByLabel('EPC rating').selectOption('F')
  await expect(form.getByLabel('Registered exemption')).toBeVisible()
  await form.getByRole('group', { name: 'Will pets be considered?' }).getByLabel('No', { exact: true }).check()
  await addPhotoViaApi(page, property.id)
  await publish.click()
  await expect(form.getByText(/can be let only with an exemption registered on the PRS Exemptions Register/).first()).toBeVisible()
  await form.getByLabel('Registered exemption').selectOption({ label: 'High cost exemption' })
  await form.getByLabel('Exemption reference').fill('PRS-2026-00417')
  await checkPage(page, testInfo, 'listing-epc-exemption-form')
  await publish.click()
  await expect(page).toHaveURL(/\/profile\/list$/)

  // The public listing says both.
  await page.goto(`/DetailPage/${property.id}`)
  const facts = page.getByRole('definition')
  await expect(page.getByText('High cost exemption (registered, ref. PRS-2026-00417)')).toBeVisible()
  await expect(facts.filter({ hasText: 'Not usually considered' })).toBeVisible()
  await expect(page.getByText(/You may still ask in writing to keep a pet/)).toBeVisible()
  await checkPage(page, testInfo, 'listing-epc-exemption-detail')
})

// The law where the home is, as the form shows it: a deposit of two
// months' rent publishes in Scotland and is refused in England with the
// Tenant Fees Act's cap beside the field; an English listing inviting
// offers above the rent (rental bidding) is refused with the phrase and
// why, and publishes once reworded.
test('a listing keeps to the law where the home is: deposit caps and no rental bidding', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const landlord = await createVerifiedUser(page.request, 'law-where', 'Landlord')
  await signInViaApi(page, landlord.email, landlord.password)
  const move = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
  const make = async (line: string, town: string, postcode: string) => {
    const res = await page.request.post('/api/properties', {
      headers: sameOrigin,
      data: { address: { addrFirstLine: line, addrSecondLine: '', town, postcode, country: 'United Kingdom' } },
    })
    expect(res.status(), await res.text()).toBe(201)
    const { property } = (await res.json()) as { property: { id: string } }
    const saved = await page.request.put(`/api/properties/${property.id}/details`, {
      headers: sameOrigin,
      data: { rentPence: 150000, rentCycle: 'Monthly', bedroomCount: 1, bathroomCount: 1, sofasCount: 1, furnishStatus: 'Furnished',
        moveInDate: move, shortDescription: 'A one-bed flat in an old tenement.', publish: false,
        propertyType: 'Flat', depositPence: 150000, councilTaxBand: 'B', epcRating: 'C', billsIncluded: [], petsConsidered: true },
    })
    expect(saved.status(), await saved.text()).toBe(200)
    await addPhotoViaApi(page, property.id)
    return property.id
  }
  const edinburgh = await make('1 Royal Mile', 'Edinburgh', 'EH1 2NG')
  const london = await make('7 Battersea Rise', 'London', 'SW11 1EQ')

  // Scotland: two months' rent is the cap, and it publishes.
  await page.goto(`/profile/edit?id=${encodeURIComponent(edinburgh)}&tab=details`)
  let form = page.getByRole('form', { name: 'Property Portal Details' })
  await form.getByLabel('Deposit').fill('3000')
  await form.getByRole('button', { name: 'Save and Publish' }).click()
  await expect(page).toHaveURL(/\/profile\/list$/)

  // England: the same deposit is over five weeks' rent.
  await page.goto(`/profile/edit?id=${encodeURIComponent(london)}&tab=details`)
  form = page.getByRole('form', { name: 'Property Portal Details' })
  await form.getByLabel('Deposit').fill('3000')
  await form.getByRole('button', { name: 'Save and Publish' }).click()
  await expect(form.getByText("The deposit can be at most 5 weeks' rent (£1,730.76) under the Tenant Fees Act 2019.")).toBeVisible()
  await form.getByLabel('Deposit').fill('1700')
  // Offers over the rent: refused, naming the phrase and the law's reason.
  await form.getByLabel('Short description').fill('A one-bed flat by the common. Offers over £1,500 pcm invited.')
  await form.getByRole('button', { name: 'Save and Publish' }).click()
  await expect(form.getByText(/“Offers over £1,500 pcm invited\.”: .*the advertised rent is the rent/).first()).toBeVisible()
  await checkPage(page, testInfo, 'listing-rental-bidding')
  await form.getByLabel('Short description').fill('A one-bed flat by the common. The rent is as advertised.')
  await form.getByRole('button', { name: 'Save and Publish' }).click()
  await expect(page).toHaveURL(/\/profile\/list$/)
})

// Northern Ireland has no council tax (domestic rates) and no EPC minimum
// for letting: the form asks for no band and no exemption for an F rating,
// offers Rates, not Council tax, among the bills the rent may include, and
// the listing says so instead of a band, and names no station across the
// sea.
test('a Belfast listing publishes with no council tax band and an F rating', async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  const landlord = await createVerifiedUser(page.request, 'belfast', 'Landlord')
  await signInViaApi(page, landlord.email, landlord.password)
  const res = await page.request.post('/api/properties', {
    headers: sameOrigin,
    data: { address: { addrFirstLine: '12 Botanic Avenue', addrSecondLine: '', town: 'Belfast', postcode: 'BT7 1JL', country: 'United Kingdom' } },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { property } = (await res.json()) as { property: { id: string } }
  const move = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
  const saved = await page.request.put(`/api/properties/${property.id}/details`, {
    headers: sameOrigin,
    data: { rentPence: 90000, rentCycle: 'Monthly', bedroomCount: 2, bathroomCount: 1, sofasCount: 1, furnishStatus: 'Unfurnished',
      moveInDate: move, shortDescription: 'A two-bed terrace near the Botanic Gardens.', publish: false,
      propertyType: 'House', depositPence: 90000, councilTaxBand: '', epcRating: 'D', billsIncluded: [], petsConsidered: true },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  await addPhotoViaApi(page, property.id)

  await page.goto(`/profile/edit?id=${encodeURIComponent(property.id)}&tab=details`)
  const form = page.getByRole('form', { name: 'Property Portal Details' })
  await expect(form.getByText('None: homes in Northern Ireland pay domestic rates')).toBeVisible()
  await expect(form.getByLabel('Council tax band')).toHaveCount(0)
  const bills = form.getByRole('group', { name: 'Bills included in the rent' })
  await expect(bills.getByRole('checkbox', { name: 'Rates', exact: true })).toBeVisible()
  await expect(bills.getByRole('checkbox', { name: 'Council tax', exact: true })).toHaveCount(0)
  // No separate water charge in Northern Ireland: a rent cannot include it.
  await expect(bills.getByRole('checkbox', { name: 'Water', exact: true })).toHaveCount(0)
  await bills.getByRole('checkbox', { name: 'Rates', exact: true }).check()
  await form.getByLabel('EPC rating').selectOption('F')
  await expect(form.getByLabel('Registered exemption')).toHaveCount(0)
  await checkPage(page, testInfo, 'listing-northern-ireland-form')
  await form.getByRole('button', { name: 'Save and Publish' }).click()
  await expect(page).toHaveURL(/\/profile\/list$/)

  await page.goto(`/DetailPage/${property.id}`)
  await expect(page.getByRole('definition').filter({ hasText: 'None: homes in Northern Ireland pay domestic rates' })).toBeVisible()
  await expect(page.getByText('Council tax band')).toHaveCount(0)
  await expect(page.getByRole('definition').filter({ hasText: 'Rates included' })).toBeVisible()
  await expect(page.getByText('EPC exemption')).toHaveCount(0)
  // The stations data is Great Britain's: none across the sea.
  await expect(page.getByText('No stations listed.')).toBeVisible()
  await checkPage(page, testInfo, 'listing-northern-ireland-detail')
})

// The listing's EPC rating is the recorded EPC's: the landlord records an
// EPC rated D for a home listed as C; the listing follows it, and choosing
// C again on the form is refused beside the field.
test('a listing shows the rating of the EPC recorded for the home', async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  const landlord = await createVerifiedUser(page.request, 'epcrec', 'Landlord')
  await signInViaApi(page, landlord.email, landlord.password)
  const res = await page.request.post('/api/properties', {
    headers: sameOrigin,
    data: { address: { addrFirstLine: '3 Northcote Road', addrSecondLine: '', town: 'London', postcode: 'SW11 1NG', country: 'United Kingdom' } },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { property } = (await res.json()) as { property: { id: string } }
  const move = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
  const saved = await page.request.put(`/api/properties/${property.id}/details`, {
    headers: sameOrigin,
    data: { rentPence: 175000, rentCycle: 'Monthly', bedroomCount: 2, bathroomCount: 1, sofasCount: 1, furnishStatus: 'Furnished',
      moveInDate: move, shortDescription: 'A two-bed flat above the shops.', publish: false,
      propertyType: 'Flat', depositPence: 175000, councilTaxBand: 'D', epcRating: 'C', billsIncluded: [], petsConsidered: true },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  await addPhotoViaApi(page, property.id)
  const issued = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10)
  await addCertificate(page.request, { propertyId: property.id, type: 'epc', issuedOn: issued, epcRating: 'D' }, 'epc.pdf')
  // A job queued with the certificate aligns the listing.
  await expect.poll(async () => {
    const r = await page.request.get(`/api/properties/${property.id}`)
    return ((await r.json()) as { property: { epcRating: string } }).property.epcRating
  }).toBe('D')

  await page.goto(`/profile/edit?id=${encodeURIComponent(property.id)}&tab=details`)
  const form = page.getByRole('form', { name: 'Property Portal Details' })
  await expect(form.getByLabel('EPC rating')).toHaveValue('D')
  await form.getByLabel('EPC rating').selectOption('C')
  await form.getByRole('button', { name: 'Save and Publish' }).click()
  await expect(form.getByText('The EPC recorded for this home is rated D: the listing must show the same rating.')).toBeVisible()
  await checkPage(page, testInfo, 'listing-epc-as-recorded')
  await form.getByLabel('EPC rating').selectOption('D')
  await form.getByRole('button', { name: 'Save and Publish' }).click()
  await expect(page).toHaveURL(/\/profile\/list$/)
  await page.goto(`/DetailPage/${property.id}`)
  await expect(page.locator('dt', { hasText: 'EPC rating' }).locator('xpath=following-sibling::dd[1]')).toHaveText('D')
})
