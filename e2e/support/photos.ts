// Real PNG and JPEG files for the photo journeys, drawn on a canvas in the
// page (so the bytes are what a browser would make) and handed to
// setInputFiles; and a check that images really loaded.
import { expect, type Locator, type Page } from '@playwright/test'

export type PhotoFile = { name: string; mimeType: string; buffer: Buffer }

type Spec = { name: string; width: number; height: number; type: 'image/png' | 'image/jpeg'; hue: number }

/**
 * makePhotos draws each photo: a wall and a floor in the given hue, a window
 * and the file's name, so screenshots show which is which and how a shape
 * fits the frames.
 */
export async function makePhotos(page: Page, specs: Spec[]): Promise<PhotoFile[]> {
  const encoded = await page.evaluate(async (list) => {
    const out: string[] = []
    for (const s of list) {
      const c = document.createElement('canvas')
      c.width = s.width
      c.height = s.height
      const g = c.getContext('2d')!
      const wall = g.createLinearGradient(0, 0, 0, s.height)
      wall.addColorStop(0, `hsl(${s.hue} 45% 82%)`)
      wall.addColorStop(1, `hsl(${s.hue} 40% 62%)`)
      g.fillStyle = wall
      g.fillRect(0, 0, s.width, s.height)
      g.fillStyle = `hsl(${(s.hue + 30) % 360} 30% 38%)`
      g.fillRect(0, s.height * 0.72, s.width, s.height * 0.28)
      const w = s.width * 0.3
      const h = s.height * 0.3
      g.fillStyle = '#f4f8fc'
      g.fillRect(s.width * 0.58, s.height * 0.14, w, h)
      g.strokeStyle = '#5b6b80'
      g.lineWidth = Math.max(4, s.width / 160)
      g.strokeRect(s.width * 0.58, s.height * 0.14, w, h)
      g.beginPath()
      g.moveTo(s.width * 0.58 + w / 2, s.height * 0.14)
      g.lineTo(s.width * 0.58 + w / 2, s.height * 0.14 + h)
      g.stroke()
      g.fillStyle = '#14213d'
      g.font = `bold ${Math.round(s.width / 14)}px sans-serif`
      g.fillText(s.name, s.width * 0.06, s.height * 0.9)
      const blob = await new Promise<Blob>((resolve, reject) =>
        c.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), s.type, 0.85),
      )
      const bytes = new Uint8Array(await blob.arrayBuffer())
      let bin = ''
      for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
      out.push(btoa(bin))
    }
    return out
  }, specs)
  return specs.map((s, i) => ({ name: s.name, mimeType: s.type, buffer: Buffer.from(encoded[i], 'base64') }))
}

/** expectImagesLoaded waits until every img under `scope` (or `scope` itself) has decoded pixels. */
export async function expectImagesLoaded(scope: Locator, count?: number): Promise<void> {
  const imgs = (await scope.evaluate((el) => el.tagName === 'IMG')) ? scope : scope.locator('img')
  if (count !== undefined) await expect(imgs).toHaveCount(count)
  await expect
    .poll(async () => imgs.evaluateAll((list) => list.map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)), {
      message: 'images have loaded',
    })
    .not.toContain(false)
}

/**
 * addPhotoViaApi gives a property one photo through the API (a listing is
 * published only with at least one). The page must be on the site (the
 * photo is drawn there) and signed in as the property's landlord.
 */
export async function addPhotoViaApi(page: Page, propertyId: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/about-us')
  const [photo] = await makePhotos(page, [{ name: 'front.jpg', width: 800, height: 600, type: 'image/jpeg', hue: 210 }])
  const res = await page.request.post(`/api/properties/${propertyId}/images`, {
    headers: { Origin: new URL(page.url()).origin },
    multipart: { file: { name: photo.name, mimeType: photo.mimeType, buffer: photo.buffer } },
  })
  expect(res.status(), await res.text()).toBeLessThan(300)
}
