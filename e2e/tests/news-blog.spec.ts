// Journey: OmniNews and the blog (spec 1 sections 2.1, 3 and 9; spec 3
// "News" and section 9). A visitor reads both news views and comes back to
// them after signing in; a visitor reads the blog list and a post; an admin
// writes a post with a picture, previews and publishes it, finds it on /Blog
// with its link-preview tags in the served page, then deletes it.
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { deflateSync } from 'node:zlib'
import { checkPage, demo, isPhone, signInViaApi } from '../support/helpers'
import { expectShell, submitLogin } from '../support/shell'

// ---- a small PNG drawn here (a house under a sky), so no fixture file is needed ----

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** housePng draws a w x h RGB picture: sky, a lawn, a house with a door and a window. */
export function housePng(w = 600, h = 315): Buffer {
  const rows: Buffer[] = []
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3) // filter byte 0, then RGB
    for (let x = 0; x < w; x++) {
      let [r, g, b] = [110 + Math.round((y / h) * 90), 170 + Math.round((y / h) * 60), 235]
      const inHouse = x > w * 0.35 && x < w * 0.65 && y > h * 0.45 && y < h * 0.8
      const roofTop = h * 0.25
      const inRoof = y >= roofTop && y <= h * 0.45 && Math.abs(x - w / 2) < ((y - roofTop) / (h * 0.2)) * w * 0.17
      if (y >= h * 0.8) [r, g, b] = [76, 153, 76]
      else if (inRoof) [r, g, b] = [160, 60, 45]
      else if (inHouse) {
        const door = x > w * 0.47 && x < w * 0.53 && y > h * 0.6
        const win = x > w * 0.39 && x < w * 0.45 && y > h * 0.52 && y < h * 0.64
        ;[r, g, b] = door ? [90, 60, 40] : win ? [250, 240, 190] : [236, 226, 205]
      }
      row[1 + x * 3] = r
      row[2 + x * 3] = g
      row[3 + x * 3] = b
    }
    rows.push(row)
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A tag no rerun or other project will repeat (lower case: it goes into a slug). */
function tagOf(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`
}

/** imageLoaded says whether an <img> has really been drawn (not broken). */
async function imageLoaded(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
}

/** adminView picks an entry of the admin menu: the left menu on a desktop, the drawer on a phone. */
async function adminView(page: Page, testInfo: TestInfo, entry: 'Blog posts' | 'Write a post') {
  if (isPhone(testInfo)) {
    await page.getByRole('button', { name: 'Admin menu', exact: true }).click()
    const drawer = page.getByRole('dialog', { name: 'Admin menu' })
    await expect(drawer).toBeVisible()
    await drawer.getByRole('navigation', { name: 'Blog' }).getByRole('link', { name: entry }).click()
    await expect(drawer).toBeHidden()
  } else {
    await page.getByRole('navigation', { name: 'Blog' }).getByRole('link', { name: entry }).click()
  }
  await expect(page.getByRole('heading', { name: entry, level: 2 })).toBeVisible()
}

test.describe('OmniNews', () => {
  test.use({ locale: 'en-GB', timezoneId: 'Europe/London' })

  test('a visitor reads both views, then signs in from the login bar and comes back @phone', async ({ page }, testInfo) => {
    const asked: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/news') asked.push(new URL(r.url()).search)
    })
    await page.goto('/omninews')
    await expect(page.getByRole('heading', { name: 'OmniNews', level: 1 })).toBeVisible()
    const menu = page.getByRole('navigation', { name: 'News views' })
    await expect(menu.getByRole('link', { name: 'Top Headlines', exact: true })).toHaveAttribute('aria-current', 'page')

    const uk = page.getByRole('region', { name: 'Top Headlines' })
    const cards = uk.getByRole('article')
    await expect(cards.first()).toBeVisible()
    expect(await cards.count()).toBeGreaterThan(0)

    // Every card opens its article in a new tab; titles and texts are cut as the spec says.
    const facts = await cards.evaluateAll((els) =>
      els.map((el) => {
        const a = el.querySelector('a')!
        const shown = (cls: string) => {
          const p = el.querySelector<HTMLElement>(cls)
          return p ? getComputedStyle(p).display !== 'none' : null
        }
        return {
          target: a.target,
          rel: a.rel,
          href: a.href,
          title: el.querySelector('h2')!.textContent!.replace(' (opens in a new tab)', ''),
          long: el.querySelector('.news-card__text--long')?.textContent ?? '',
          short: el.querySelector('.news-card__text--short')?.textContent ?? '',
          longShown: shown('.news-card__text--long'),
          shortShown: shown('.news-card__text--short'),
          media: el.querySelector<HTMLElement>('.news-card__media')!.getBoundingClientRect().height,
        }
      }),
    )
    for (const f of facts) {
      expect(f.target).toBe('_blank')
      expect(f.rel).toContain('noopener')
      expect(f.href).toMatch(/^https?:\/\//)
      expect([...f.title].length).toBeLessThanOrEqual(118)
      expect([...f.long].length).toBeLessThanOrEqual(197)
      expect([...f.short].length).toBeLessThanOrEqual(162)
      // A phone shows the shorter text, a desktop the longer one.
      if (f.long) {
        expect(f.longShown).toBe(!isPhone(testInfo))
        expect(f.shortShown).toBe(isPhone(testInfo))
      }
      // The picture box keeps its shape with or without a picture.
      expect(f.media).toBeGreaterThan(40)
    }

    await checkPage(page, testInfo, 'news-top-headlines', { phoneAxe: true })
    // Asked once, while the page's code downloads (lib/warm.ts).
    expect(asked).toEqual(['?view=uk'])

    // A click anywhere on a card opens the article in a new tab. The news sites
    // are out of reach here, so the browser gets a stand-in page for them.
    await page.context().route(/^https:\/\//, (route) =>
      route.request().resourceType() === 'document'
        ? route.fulfill({ contentType: 'text/html', body: '<title>Article</title><p>Article</p>' })
        : route.abort(),
    )
    const [popup] = await Promise.all([page.context().waitForEvent('page'), cards.first().click({ position: { x: 20, y: 20 } })])
    await popup.waitForLoadState()
    expect(popup.url()).toBe(facts[0].href)
    await popup.close()

    await menu.getByRole('link', { name: 'Worldwide Top Headlines' }).click()
    await expect(page).toHaveURL(/\/omninews\?view=world$/)
    await expect(menu.getByRole('link', { name: 'Worldwide Top Headlines' })).toHaveAttribute('aria-current', 'page')
    const world = page.getByRole('region', { name: 'Worldwide Top Headlines' })
    await expect(world.getByRole('article').first()).toBeVisible()
    await checkPage(page, testInfo, 'news-worldwide')

    // The login bar returns the reader to the page they were reading.
    await page.getByRole('link', { name: 'Login', exact: true }).click()
    await submitLogin(page, demo.tenant.email, demo.tenant.password)
    await expect(page).toHaveURL(/\/omninews\?view=world$/)
    await expectShell(page, testInfo)
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Worldwide Top Headlines' }).getByRole('article').first()).toBeVisible()
    await checkPage(page, testInfo, 'news-signed-in')
  })
})

test.describe('blog', () => {
  test.use({ locale: 'en-GB', timezoneId: 'Europe/London' })

  test('a visitor reads the list of posts and a post @phone', async ({ page, request }, testInfo) => {
    // The list is asked for once, while the page's code downloads (lib/warm.ts), not twice.
    const asked: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/blog/posts') asked.push(r.url())
    })
    await page.goto('/Blog')
    await expect(page).toHaveTitle(/Blog/)
    const list = page.getByRole('list', { name: 'Posts' })
    const items = list.getByRole('article')
    await expect(items.first()).toBeVisible()
    expect(await items.count()).toBeGreaterThanOrEqual(3)

    // A demo post (the admin's journey may add and remove its own meanwhile).
    const demoPost = items.filter({ hasText: 'Deposit protection: a guide for landlords and tenants' })
    await expect(demoPost.locator('time')).toHaveText(/^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/)
    const img = demoPost.locator('img')
    await expect(img).toHaveAttribute('width', '320')
    await expect(img).toHaveAttribute('height', '240')
    await expect(img).toHaveAttribute('src', /\/api\/blog\/images\/preview\//)
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
    await expect(demoPost.locator('.blog-item__excerpt')).not.toBeEmpty()
    await checkPage(page, testInfo, 'blog-list', { phoneAxe: true })
    expect(asked).toHaveLength(1)

    const link = demoPost.getByRole('heading', { level: 2 }).getByRole('link')
    const title = (await link.textContent())!.trim()
    const href = (await link.getAttribute('href'))!
    expect(href).toMatch(/^\/Blog\/[a-z0-9-]+$/)
    await link.click()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
    await expect(page).toHaveTitle(`${title} | OmniRent blog`)
    await expect.poll(() => imageLoaded(page, '.blog-post__image')).toBe(true)
    await expect.poll(() => imageLoaded(page, '.blog-post__avatar')).toBe(true)
    await expect(page.locator('.blog-post__brand')).toHaveText('OmniRent')
    await expect(page.locator('.prose h2').first()).toBeVisible()
    await checkPage(page, testInfo, 'blog-post', { phoneAxe: true })

    // A post that does not exist: the 404 text, and a 404 status for crawlers.
    const res = await request.get('/Blog/no-such-post-here')
    expect(res.status()).toBe(404)
    await page.goto('/Blog/no-such-post-here')
    await expect(page.getByRole('heading', { name: '404 Not Found!' })).toBeVisible()
  })

  test('an admin writes and publishes a post with a picture, finds it on /Blog, then deletes it @phone', async ({ page, request }, testInfo) => {
    test.slow()
    const tag = tagOf(testInfo)
    const title = `Moving-in checklist ${tag}`
    const slug = `moving-in-checklist-${tag}`

    await signInViaApi(page, demo.admin.email, demo.admin.password)
    await page.goto('/admin')
    await adminView(page, testInfo, 'Write a post')
    const form = page.getByRole('form', { name: 'Write a post' })

    await form.getByLabel('Title').fill(title)
    await form.getByLabel('Body (Markdown)').fill(
      '## Before the keys\n\nAgree the **inventory** and read the meters.\n\n- Gas and electricity\n- Water\n\nSee [GOV.UK](https://www.gov.uk/private-renting).',
    )
    await form.getByLabel('Upload main image').setInputFiles({ name: 'house.png', mimeType: 'image/png', buffer: housePng() })
    await expect(form.getByRole('img', { name: 'Main image chosen' })).toBeVisible()
    await expect.poll(() => imageLoaded(page, '.blog-image-field__thumb img')).toBe(true)
    await form.getByLabel('Upload author image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: housePng(96, 96) })
    await expect(form.getByRole('img', { name: 'Author image chosen' })).toBeVisible()
    await form.getByLabel('Author name').fill('Ada Admin')

    // The preview is the server's rendering.
    await form.getByRole('tab', { name: 'Preview' }).click()
    const preview = form.getByRole('tabpanel', { name: 'Preview' })
    await expect(preview.getByRole('heading', { name: 'Before the keys', level: 2 })).toBeVisible()
    await expect(preview.locator('strong')).toHaveText('inventory')
    await checkPage(page, testInfo, 'admin-blog-preview')
    await form.getByRole('tab', { name: 'Write' }).click()

    await form.getByRole('radio', { name: 'Published' }).check()
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(`Post "${title}" saved and published.`)).toBeVisible()
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Edit ${title}` }) })
    await expect(row).toContainText('Published')
    await expect(row).toContainText(`/Blog/${slug}`)
    await checkPage(page, testInfo, 'admin-blog-posts', { phoneAxe: true })

    // A second post may not take the same address.
    await adminView(page, testInfo, 'Write a post')
    await form.getByLabel('Title').fill(`Another ${tag}`)
    await form.getByLabel('Address').fill(slug)
    await form.getByLabel('Body (Markdown)').fill('Text')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(form.getByText('Another post already uses this address.')).toBeVisible()
    await expect(form.getByLabel('Address')).toHaveAttribute('aria-invalid', 'true')
    await checkPage(page, testInfo, 'admin-blog-slug-taken')

    // The post is on the blog, with its picture.
    await page.goto('/Blog')
    const link = page.getByRole('link', { name: title, exact: true })
    await expect(link).toBeVisible()
    await expect(link).toHaveAttribute('href', `/Blog/${slug}`)
    await link.click()
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
    await expect.poll(() => imageLoaded(page, '.blog-post__image')).toBe(true)
    await expect(page.locator('.blog-post__author')).toContainText('Ada Admin')
    await expect(page.locator('.prose a')).toHaveAttribute('href', 'https://www.gov.uk/private-renting')
    await checkPage(page, testInfo, 'blog-post-new')

    // The page as served (before any script) carries the link-preview tags.
    const html = await (await request.get(`/Blog/${slug}`)).text()
    expect(html).toContain(`<meta property="og:title" content="${title} | OmniRent blog" />`)
    expect(html).toContain(`<title>${title} | OmniRent blog</title>`)
    expect(html).toMatch(/<meta property="og:image" content="[^"]+\/api\/blog\/images\/original\/[^"]+" \/>/)

    // Delete it, after the confirmation; it is gone from the blog.
    await page.goto('/admin?view=posts')
    await page.getByRole('button', { name: `Delete ${title}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete blog post' })
    await expect(dialog).toContainText(`Delete the post ${title}?`)
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page.getByText(`Post "${title}" deleted.`)).toBeVisible()
    expect((await request.get(`/api/blog/posts/${slug}`)).status()).toBe(404)
  })
})
