// Issue 45, the deposit back: a tenant disputes a deduction with a comment
// and photos from their phone. After a signed check-out the landlord
// proposes the oven's cleaning; the tenant disputes it on their home with
// a comment, a photo from the camera and one from the gallery, and a text
// file named .jpg, which is refused beside the field with what is
// accepted, the comment kept; the landlord sees the tenant's two photos
// beside the comment, each opening at full size.
import { expect, test } from '@playwright/test'
import { checkPage, sameOrigin } from '../support/helpers'
import { household } from '../support/household'
import { signedCheckOut } from '../support/inventory-api'
import { expectImagesLoaded, makePhotos } from '../support/photos'

test('a tenant disputes a deduction with a comment and two photos from the phone; a fake photo is refused; the landlord sees the photos @phone', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000)
  const h = await household(page, browser, testInfo, 'dph')
  await signedCheckOut(page.request, h.landlord.email)
  const proposed = await page.request.post(`/api/deposits/tenancies/${h.id}/deductions`, {
    headers: sameOrigin, data: { itemKey: 'inside/Kitchen/Oven', reason: 'cleaning', costPence: 12_500 },
  })
  expect(proposed.status(), await proposed.text()).toBe(201)

  // The tenant disputes it on their home.
  const t = h.tenantPage
  await t.goto('/dashboard')
  const line = t.getByRole('region', { name: 'Your deposit' }).getByRole('article', { name: 'Kitchen: Oven: Cleaning' })
  await expect(line).toContainText('Charged to the tenants£125.00')
  await line.getByRole('button', { name: 'I dispute this' }).click()
  const form = line.getByRole('form', { name: 'Dispute Kitchen: Oven' })
  const why = 'We had the oven professionally cleaned on the day we left: these photos show it.'
  await form.getByLabel('Why you dispute it').fill(why)
  const [inside, door] = await makePhotos(t, [
    { name: 'Oven inside, clean', width: 1600, height: 1200, type: 'image/jpeg', hue: 200 },
    { name: 'Oven door, clean', width: 1200, height: 900, type: 'image/png', hue: 140 },
  ])
  await form.getByLabel('Take a photo').setInputFiles({ name: 'oven-inside.jpg', mimeType: 'image/jpeg', buffer: inside.buffer })
  await form.getByLabel('Add photos').setInputFiles([
    { name: 'oven-door.png', mimeType: 'image/png', buffer: door.buffer },
    { name: 'cleaning-receipt.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Receipt: oven clean, £60. Not a photo at all.') },
  ])
  const toSend = form.getByRole('list', { name: 'Photos to send' })
  await expect(toSend.getByRole('img')).toHaveCount(3)
  await checkPage(t, testInfo, 'deposit-dispute-photos-picked')
  await form.getByRole('button', { name: 'Send my dispute' }).click()

  // The dispute and the two photos are sent; the fake one is refused beside the field, the comment kept.
  await expect(form.getByRole('alert')).toContainText(
    "cleaning-receipt.jpg: Please choose a photo: a JPEG or PNG of at most 10 MB. Photos taken with the phone's camera are JPEG.")
  await expect(form.getByLabel('Why you dispute it')).toHaveValue(why)
  const sent = form.getByRole('list', { name: 'Photos from you' })
  await expect(sent.getByRole('img')).toHaveCount(2)
  await expectImagesLoaded(sent, 2)
  await expect(toSend).toHaveCount(0)
  await expect(line).toContainText(`you dispute it: “${why}”`)
  await form.scrollIntoViewIfNeeded()
  await checkPage(t, testInfo, 'deposit-dispute-photo-refused')
  await form.getByRole('button', { name: 'Cancel' }).click()
  await expect(line.getByRole('list', { name: 'Photos from you' }).getByRole('img')).toHaveCount(2)
  await expect(line).toContainText('Agreeing removes your photos from this deduction.')

  // The landlord sees the tenant's photos beside the comment, each opening at full size.
  await page.goto(`/deposits?tenancy=${h.id}`)
  const seen = page.getByRole('article', { name: 'Kitchen: Oven: Cleaning' })
  await expect(seen).toContainText(`Tom Tenant: disputes it: “${why}”`)
  const photos = seen.getByRole('list', { name: 'Photos from Tom Tenant' })
  await expect(photos.getByRole('img')).toHaveCount(2)
  await expectImagesLoaded(photos, 2)
  await expect(photos).toContainText('Added')
  const href = await photos.getByRole('link').first().getAttribute('href')
  const full = await page.request.get(href!)
  expect(full.status()).toBe(200)
  expect(full.headers()['content-type']).toBe('image/jpeg')
  expect((await full.body()).length).toBeGreaterThan(10_000)
  await photos.scrollIntoViewIfNeeded()
  await checkPage(page, testInfo, 'deposit-dispute-landlord')
})
