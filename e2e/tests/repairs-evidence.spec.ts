// Issue 44, a repair's evidence: the demo tenant reports a leak on a phone
// with a photo and a short video from the camera (a WebM chosen first is
// refused with a plain message, and nothing typed is lost); the repair shows
// the photo and plays the video, served without the phone's location; the
// history downloads as a PDF, and /verify says it is genuine (sealed by
// OmniRent, no signatures), and a changed copy is not.
import { expect, test } from '@playwright/test'
import { baseURL, checkPage, demo, isPhone, signInViaApi } from '../support/helpers'
import { makePhotos } from '../support/photos'
import { makeMP4, PHONE_LOCATION } from '../support/videos'

test('a tenant reports a leak with a photo and a short video on a phone; the history PDF downloads and verifies @phone', async ({ page, browser }, testInfo) => {
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

  // A WebM first: refused here, in plain words; the form keeps everything.
  const camera = page.locator('input[type=file][capture]')
  await expect(camera).toHaveAttribute('accept', 'image/*,video/mp4,video/quicktime')
  await camera.setInputFiles({ name: 'leak.webm', mimeType: 'video/webm', buffer: Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]) })
  await expect(page.getByText(/This video is in the WebM format/)).toBeVisible()
  await expect(page.getByLabel('Describe the problem')).toHaveValue(description)
  // Then a photo and a 12-second video from the camera.
  const [photo] = await makePhotos(page, [{ name: 'Leak', width: 1200, height: 900, type: 'image/jpeg', hue: 200 }])
  await camera.setInputFiles({ name: 'leak.jpg', mimeType: 'image/jpeg', buffer: photo.buffer })
  await expect(page.getByRole('img', { name: /Photo 1: leak\.jpg/ })).toBeVisible()
  await expect(page.getByText(/This video is in the WebM format/)).toHaveCount(0)
  const clip = makeMP4('leak.mp4', 12, new Date(Date.UTC(2026, 11, 1, 9, 30)))
  expect(clip.buffer.includes(PHONE_LOCATION)).toBe(true)
  await camera.setInputFiles(clip)
  await expect(page.getByLabel('Video 2: leak.mp4')).toBeAttached()
  await checkPage(page, testInfo, 'repair-report-with-photo')
  await page.getByRole('button', { name: 'Send the report' }).click()

  await expect(page).toHaveURL(/\/maintenance\/[^/]+$/, { timeout: 30_000 })
  await expect(page.getByText(/Your report was sent/)).toBeVisible()
  const photos = page.getByRole('region', { name: 'Photos' })
  await expect(photos.getByRole('img', { name: /Photo 1, added by Tom Tenant/ })).toBeVisible()
  const video = photos.getByLabel('Video 1, added by Tom Tenant')
  await expect(video).toBeVisible()
  await expect(video).toHaveAttribute('controls', '')
  await expect(photos.getByText(/Taken Tue,? 1 Dec 2026,? 09:30 · 12 s · Tom Tenant/)).toBeVisible()
  await expect(page.getByRole('region', { name: 'History' })).toContainText('added a photo')
  await expect(page.getByRole('region', { name: 'History' })).toContainText('added a video (12 seconds) taken Tue 1 Dec 2026, 09:30')
  // What is served plays inline, in parts, without the phone's location.
  const src = (await video.getAttribute('src'))!
  const served = await page.request.get(src)
  expect(served.status()).toBe(200)
  expect(served.headers()['content-type']).toBe('video/mp4')
  expect(served.headers()['content-disposition']).toMatch(/^inline/)
  const body = await served.body()
  expect(body.includes(PHONE_LOCATION)).toBe(false)
  expect(body.includes('FRAME-ONEFRAME-TWO')).toBe(true)
  const part = await page.request.get(src, { headers: { Range: 'bytes=0-7' } })
  expect(part.status()).toBe(206)
  expect((await part.body()).equals(body.subarray(0, 8))).toBe(true)
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

  // The landlord logs a report they received by e-mail, with the e-mail
  // itself attached: the clock counts from when they were told.
  const ctx = await browser.newContext({ baseURL, viewport: page.viewportSize()!, hasTouch: isPhone(testInfo) })
  const lord = await ctx.newPage()
  await signInViaApi(lord, demo.landlord.email, demo.landlord.password)
  await lord.goto('/maintenance/report')
  await expect(lord.getByRole('heading', { name: 'Log a repair', level: 1 })).toBeVisible()
  await lord.getByLabel('Property', { exact: true }).selectOption({ label: '12 Lavender Hill, London, SW11 5RW' })
  await lord.getByLabel('How', { exact: true }).selectOption({ label: 'an e-mail' })
  const eml = `From: tom@demo.omnirent.co.uk\r\nSubject: Front door lock (${tag})\r\n\r\nThe front door lock sticks.\r\n`
  await lord.getByLabel("The original message's file (optional)").setInputFiles({ name: 'front-door.eml', mimeType: 'message/rfc822', buffer: Buffer.from(eml) })
  await lord.getByLabel('What is the problem about?').selectOption({ label: 'Doors, windows and security' })
  await lord.getByLabel('Room or part of the home').selectOption('Hall or stairs')
  await lord.getByLabel('Describe the problem').fill(`The front door lock sticks (${tag})`)
  await lord.getByRole('button', { name: 'Log the repair' }).click()
  await expect(lord).toHaveURL(/\/maintenance\/[^/]+$/, { timeout: 30_000 })
  await expect(lord.getByText(/The repair was logged. Its clocks count from when you were told/)).toBeVisible()
  const evidence = lord.getByRole('region', { name: 'Photos' })
  await expect(evidence.getByRole('link', { name: /front-door\.eml/ })).toBeVisible()
  await expect(lord.getByRole('region', { name: 'History' })).toContainText('attached the original message of the report')
  await checkPage(lord, testInfo, 'repair-landlord-logged-original')
  await ctx.close()
})
