// Issue 14: on a phone, an inspector starts a check-in report for the demo
// property, adds a kitchen and two bedrooms (one duplicated), completes an
// oven with its choices and two photos, records a gas meter and a gas
// safety certificate with its expiry, a tenant and the landlord, goes
// offline mid-way, types more, comes back online and finds everything
// saved; the preview shows it.
import { expect, test, type Page } from '@playwright/test'
import { checkPage, demo, signInViaApi, snap } from '../support/helpers'
import { makePhotos } from '../support/photos'

/** choose opens an item's question (a collapsed group) and picks an answer. */
async function choose(page: Page, group: string, option: string) {
  await page.locator('summary').filter({ hasText: new RegExp(`^${group}`) }).click()
  await page.getByRole('group', { name: group, exact: true }).getByRole('button', { name: option, exact: true }).click()
}

async function saved(page: Page) {
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 10_000 })
}

test('an inspector records a check-in report on a phone, offline for a while, and loses nothing', async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the inventory journey is made on a phone (the desktop layout is looked at in its screenshots)')
  test.setTimeout(150_000)
  await context.grantPermissions(['geolocation'])
  await context.setGeolocation({ latitude: 51.4613, longitude: -0.1686 })
  await signInViaApi(page, demo.landlord.email, demo.landlord.password)

  await page.goto('/inventory')
  await expect(page.getByRole('heading', { name: 'Inventory & Condition' })).toBeVisible()
  await checkPage(page, testInfo, 'inventory-welcome')
  await page.getByRole('link', { name: /Start new report/ }).click()
  await expect(page).toHaveURL(/\/NewReport/)
  // A type before a property: the spec's toast.
  await page.getByRole('button', { name: 'Check-in Report' }).click()
  await expect(page.getByText('Please select a property.').first()).toBeVisible()
  await page.getByLabel('Property', { exact: true }).selectOption({ index: 1 })
  await page.getByRole('button', { name: 'Check-in Report' }).click()
  await checkPage(page, testInfo, 'inventory-start')
  await page.getByRole('button', { name: 'Start' }).click()
  await snap(page, testInfo, 'inventory-stamp')
  await page.getByRole('button', { name: /Begin report/ }).click()
  await expect(page).toHaveURL(/\/NewReport\?id=/)
  await expect(page.getByRole('heading', { name: 'Check-in Report' })).toBeVisible()
  await checkPage(page, testInfo, 'inventory-hub')
  const reportURL = page.url()

  // Inside: a kitchen and two bedrooms, the second a duplicate ('Bedroom 2').
  await page.getByRole('button', { name: /Inside Property/ }).click()
  for (const room of ['Kitchen', 'Bedroom']) {
    await page.getByRole('button', { name: 'Add room or space' }).click()
    await page.getByRole('dialog', { name: 'Rooms and Spaces' }).getByRole('button', { name: room, exact: true }).click()
  }
  // Duplicate through the visible menu button (the long press does the same).
  await page.getByRole('button', { name: 'Actions for Bedroom' }).click()
  await page.getByRole('group', { name: 'Actions for Bedroom' }).getByRole('button', { name: 'Duplicate' }).click()
  const rooms = page.getByRole('list', { name: 'Rooms and spaces' })
  await expect(rooms.getByRole('listitem')).toHaveText([/Bedroom/, /Bedroom 2/, /Kitchen/])
  await saved(page)
  await checkPage(page, testInfo, 'inventory-rooms')

  // The kitchen's oven: choices, notes and two photos.
  await rooms.getByText('Kitchen', { exact: true }).click()
  await page.getByRole('button', { name: 'ADD ITEM' }).click()
  const offered = page.getByRole('list', { name: 'Items offered' })
  await expect(offered.getByRole('button', { name: 'Oven', exact: true })).toBeVisible()
  await expect(offered.getByRole('button', { name: 'Bed', exact: true })).toHaveCount(0)
  await offered.getByRole('button', { name: 'Oven', exact: true }).click()
  await page.getByRole('list', { name: 'Items' }).getByText('Oven', { exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Kitchen > Oven' })).toBeVisible()
  await choose(page, 'Type', 'Freestanding')
  await choose(page, 'Fuel', 'Gas')
  await page.getByLabel('Brand').fill('Belling')
  await choose(page, 'Cleanliness', 'Good')
  await choose(page, 'PAT tested', 'Yes')
  await page.getByLabel('Notes').fill('Racks and glass door clean; light works.')
  const photos = await makePhotos(page, [
    { name: 'Oven front', width: 1200, height: 900, type: 'image/jpeg', hue: 20 },
    { name: 'Oven inside', width: 900, height: 1200, type: 'image/png', hue: 200 },
  ])
  await page.locator('input[type=file][capture]').setInputFiles({ name: 'oven-front.jpg', mimeType: 'image/jpeg', buffer: photos[0].buffer })
  await page.locator('input[type=file][multiple]').setInputFiles({ name: 'oven-inside.png', mimeType: 'image/png', buffer: photos[1].buffer })
  await expect(page.getByRole('button', { name: /Open photo 2 of 2 full size/ })).toBeVisible({ timeout: 15_000 })
  await saved(page)
  await checkPage(page, testInfo, 'inventory-item')
  await page.getByRole('button', { name: 'complete area inspection' }).click()
  await page.getByRole('button', { name: 'Save room' }).click()
  await page.getByRole('button', { name: 'Complete inside inspection' }).click()
  await expect(page.getByRole('heading', { name: 'Check-in Report' })).toBeVisible()
  await snap(page, testInfo, 'inventory-hub-after-rooms')
  // A gas meter.
  await page.getByRole('button', { name: /Utilities and Meters/ }).click()
  await page.getByRole('button', { name: 'Add Item' }).click()
  await page.getByRole('button', { name: 'Gas', exact: true }).click()
  await page.getByRole('button', { name: 'Complete Meter reading' }).click()
  await expect(page.getByText(/location/i).first()).toBeVisible()
  await page.getByLabel('Location').fill('Cupboard under the stairs')
  await page.getByLabel('Reading').fill('04512')
  await page.getByRole('button', { name: 'Complete Meter reading' }).click()
  await expect(page.getByRole('list', { name: 'Meters' })).toContainText('Gas')
  await page.getByRole('button', { name: 'Back' }).click()

  // A gas safety certificate: a photo of its page and the expiry date.
  await page.getByRole('button', { name: /Documents and Compliance/ }).click()
  await page.getByRole('button', { name: 'Add document' }).click()
  await page.getByRole('button', { name: 'Gas Safety Certificate', exact: true }).click()
  const [certificate] = await makePhotos(page, [{ name: 'Gas Safe', width: 800, height: 1100, type: 'image/jpeg', hue: 120 }])
  await page.locator('input[type=file][multiple]').setInputFiles({ name: 'gas-safety.jpg', mimeType: 'image/jpeg', buffer: certificate.buffer })
  await expect(page.getByRole('button', { name: /Open photo 1 of 1 full size/ })).toBeVisible({ timeout: 15_000 })
  await page.getByLabel('Expiry date').fill('2027-10-31')
  await page.getByRole('button', { name: 'Save document' }).click()
  await expect(page.getByRole('list', { name: 'Documents' })).toContainText('Gas Safety Certificate')
  await page.getByRole('button', { name: 'Back' }).click()

  // The tenant and the landlord.
  await page.getByRole('button', { name: /Tenant Details/ }).click()
  await page.getByRole('button', { name: 'Add tenant' }).click()
  await page.getByLabel('First name').fill('Tom')
  await page.getByLabel('Last name').fill('Tenant')
  await page.getByLabel('Email').fill(demo.tenant.email)
  await page.getByLabel('Move in date').fill('2026-12-01')
  await page.getByLabel('Move out date').fill('2027-11-30')
  await page.getByRole('button', { name: 'Add tenant' }).click()
  await expect(page.getByRole('list', { name: 'Tenants' })).toContainText('Tom Tenant')
  await page.getByRole('button', { name: 'Back' }).click()
  await page.getByRole('button', { name: /Landlord Details/ }).click()
  await page.getByLabel('Full name').fill('Lara Landlord')
  await page.getByLabel('E-mail').fill(demo.landlord.email)
  await page.getByRole('button', { name: 'Add landlord' }).click()
  await saved(page)

  // Offline mid-way: the words typed are kept and saved on return.
  await context.setOffline(true)
  await page.getByRole('button', { name: /Property Overview/ }).click()
  await page.getByRole('button', { name: 'Fine', exact: true }).click()
  await page.getByLabel('Description').fill('Bright flat, freshly painted; small scuff by the front door.')
  await expect(page.getByText(/Offline — changes are kept on this device/)).toBeVisible({ timeout: 10_000 })
  await snap(page, testInfo, 'inventory-offline')
  await context.setOffline(false)
  await saved(page)
  await page.reload()
  await expect(page.getByLabel('Description')).toHaveValue('Bright flat, freshly painted; small scuff by the front door.')

  // The preview shows it all.
  await page.goto(reportURL)
  await page.getByRole('button', { name: 'Preview Report' }).click()
  for (const s of ['Kitchen', 'Bedroom 2', 'Freestanding', 'Belling', 'Cupboard under the stairs', '04512', 'Gas Safety Certificate', 'Tom', demo.landlord.email, 'freshly painted', 'Captured (via App)', 'Added']) {
    await page.locator('details').evaluateAll((els) => els.forEach((el) => ((el as HTMLDetailsElement).open = true)))
    await expect(page.getByText(s).first()).toBeVisible()
  }
  await checkPage(page, testInfo, 'inventory-preview')
})

test('the demo landlord opens the demo check-in report from the draft list and previews it', async ({ page }, testInfo) => {
  await signInViaApi(page, demo.landlord.email, demo.landlord.password)
  await page.goto('/inventory?view=draft')
  await expect(page.getByRole('heading', { name: 'Draft OmniScan Reports' })).toBeVisible()
  await checkPage(page, testInfo, 'inventory-drafts')
  await page.getByText('Check-in Report').first().click()
  await expect(page.getByRole('heading', { name: 'Check-in Report' })).toBeVisible()
  await checkPage(page, testInfo, 'inventory-demo-hub')
  await page.getByRole('button', { name: 'Preview Report' }).click()
  await expect(page.getByRole('heading', { name: 'Preview: Check-in Report' })).toBeVisible()
  await expect(page.getByText('Kitchen').first()).toBeVisible()
  await checkPage(page, testInfo, 'inventory-demo-preview')
})
