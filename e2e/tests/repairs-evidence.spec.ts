// Issue 44, a repair's evidence: the demo tenant reports a leak on a phone
// with a photo from the camera (a video chosen first is refused with a plain
// message, and nothing typed is lost); the repair shows the photo; the
// history downloads as a PDF, and /verify says it is genuine (sealed by
// OmniRent, no signatures), and a changed copy is not.
import { expect, test } from '@playwright/test'
import { checkPage, demo, signInViaApi } from '../support/helpers'
import { makePhotos } from '../support/photos'

test('a tenant reports a leak with a photo on a phone; the history PDF downloads and verifies @phone', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`
  const description = `The pipe under the kitchen sink leaks onto the floor (${tag})`

  await signInViaApi(page, demo.tenant.email, demo.tenant.password)
  await page.goto('/maintenance/report')
  await expect(page.getByRole('heading', { name: 'Report a repair', level: 1 })).toBeVisible()
  await page.getByLabel('What is the problem about?').selectOption({ label: 'Water and leaks' })
  await page.getByRole('group', { name: 'What is happening?' }).getByRole('radio', { name: 'A slow drip or a small leak' }).check()
  await page.getByRole('radio', { name: 'Yes, it has stopped' }).check()
  await page.getByLabel('Room or part of the home').selectOption('Kitchen')
  await page.getByLabel('Describe the problem').fill(description)

  // A video first: refused here, in plain words; the form keeps everything.
  const camera = page.locator('input[type=file][capture]')
  await camera.setInputFiles({ name: 'leak.mp4', mimeType: 'video/mp4', buffer: Buffer.from('\x00\x00\x00\x18ftypmp42') })
  await expect(page.getByText(/Videos cannot be added yet/)).toBeVisible()
  await expect(page.getByLabel('Describe the problem')).toHaveValue(description)
  // Then a photo from the camera.
  const [photo] = await makePhotos(page, [{ name: 'Leak', width: 1200, height: 900, type: 'image/jpeg', hue: 200 }])
  await camera.setInputFiles({ name: 'leak.jpg', mimeType: 'image/jpeg', buffer: photo.buffer })
  await expect(page.getByRole('img', { name: /Photo 1: leak\.jpg/ })).toBeVisible()
  await expect(page.getByText(/Videos cannot be added yet/)).toHaveCount(0)
  await checkPage(page, testInfo, 'repair-report-with-photo')
  await page.getByRole('button', { name: 'Send the report' }).click()

  await expect(page).toHaveURL(/\/maintenance\/[^/]+$/, { timeout: 30_000 })
  await expect(page.getByText(/Your report was sent/)).toBeVisible()
  const photos = page.getByRole('region', { name: 'Photos' })
  await expect(photos.getByRole('img', { name: /Photo 1, added by Tom Tenant/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'History' })).toContainText('added a photo')
  await checkPage(page, testInfo, 'repair-with-photo')

  // The history as a sealed PDF.
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download the history (PDF)' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^repair-history-\d{4}-\d{2}-\d{2}\.pdf$/)
  const pdfPath = testInfo.outputPath('history.pdf')
  await file.saveAs(pdfPath)

  await page.goto('/verify')
  await page.locator('#verify-file').setInputFiles(pdfPath)
  await page.getByRole('button', { name: 'Check the PDF' }).click()
  await expect(page.getByRole('heading', { name: 'This is a genuine, unaltered document' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText('Sealed by OmniRent', { exact: true })).toBeVisible()
  await expect(page.getByText(/Repair history:/)).toBeVisible()
  await checkPage(page, testInfo, 'verify-repair-history')
})
