// Shared helpers of the browser journeys: the development outbox, unique
// accounts, the accessibility check and screenshots.
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
export const e2eRoot = path.resolve(here, '..')

export const port = Number(process.env.E2E_PORT ?? 18080)
export const baseURL = `http://127.0.0.1:${port}`
/** State-changing API calls must look same-origin (the server checks Origin). */
export const sameOrigin = { Origin: baseURL }

export const demo = {
  landlord: { email: 'landlord@demo.omnirent.co.uk', password: 'DemoLandlord1!' },
  tenant: { email: 'tenant@demo.omnirent.co.uk', password: 'DemoTenant1!' },
  admin: { email: 'admin@demo.omnirent.co.uk', password: 'DemoAdmin1!' },
} as const

/**
 * Passwords that satisfy every rule of the spec: sign-up (upper, lower,
 * digit, special, 8+) and reset/change (only letters, digits and !@#$%^&*).
 */
export const goodPassword = 'SunnyFlat42!'
export const newPassword = 'BrightHome7#'

/** uniqueEmail gives an address no other test (or project) will use. */
export function uniqueEmail(prefix: string): string {
  const rnd = Math.random().toString(36).slice(2, 8)
  return `${prefix}-${Date.now()}-${rnd}@example.com`
}

export type MailMessage = {
  id: string
  to: string
  subject: string
  text: string
  html: string
  createdAt: string
  status: string
  replyTo?: string
  /** the files attached, each downloadable at url (the development mailbox's or Mailpit's) */
  attachments?: MailAttachment[]
}

export type MailAttachment = { name: string; contentType: string; size: number; url: string }

/**
 * The SMTP server's API (Mailpit), when the journeys run against the
 * production shape (scripts/prod/up.sh): e-mails are then read from what the
 * SMTP server received instead of the development outbox.
 */
export const mailpitURL = process.env.E2E_MAILPIT_URL ?? ''

type MailpitSummary = { ID: string; Subject: string; Created: string; To: { Address: string }[] }

async function mailpitMailbox(request: APIRequestContext, email: string): Promise<MailMessage[]> {
  const query = encodeURIComponent(`to:"${email}"`)
  const res = await request.get(`${mailpitURL}/api/v1/search?query=${query}&limit=200`)
  expect(res.status(), 'GET Mailpit search').toBe(200)
  const list = ((await res.json()) as { messages: MailpitSummary[] }).messages ?? []
  const wanted = list.filter((m) => m.To.some((t) => t.Address.toLowerCase() === email.toLowerCase()))
  return Promise.all(
    wanted.map(async (m) => {
      const one = await request.get(`${mailpitURL}/api/v1/message/${m.ID}`)
      expect(one.status(), 'GET Mailpit message').toBe(200)
      const full = (await one.json()) as {
        Text: string
        HTML: string
        ReplyTo?: { Address: string }[]
        Attachments?: { PartID: string; FileName: string; ContentType: string; Size: number }[]
      }
      const replyTo = full.ReplyTo?.[0]?.Address ?? ''
      const attachments = (full.Attachments ?? []).map((a) => ({
        name: a.FileName,
        contentType: a.ContentType,
        size: a.Size,
        url: `${mailpitURL}/api/v1/message/${m.ID}/part/${a.PartID}`,
      }))
      return { id: m.ID, to: email, subject: m.Subject, text: full.Text, html: full.HTML, createdAt: m.Created, status: 'sent', replyTo, attachments }
    }),
  )
}

/** mailbox lists the e-mails received by one address, newest first. */
export async function mailbox(request: APIRequestContext, email: string): Promise<MailMessage[]> {
  if (mailpitURL) return mailpitMailbox(request, email)
  const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)
  expect(res.status(), 'GET /api/dev/mailbox').toBe(200)
  const body = (await res.json()) as { messages: MailMessage[] }
  return body.messages ?? []
}

/** mailCount is the number of messages sent so far to an address (pass it to readCode). */
export async function mailCount(request: APIRequestContext, email: string): Promise<number> {
  return (await mailbox(request, email)).length
}

/**
 * readCode waits for a message to `email` carrying a 6-digit code and returns
 * the code. `after` is either a message count taken before the action (only
 * the messages beyond it count) or a time (only newer messages count);
 * without it any message does. The newest such message with a code wins:
 * other e-mails (an invitation, a receipt) may arrive in between, and
 * through a real SMTP server in any order.
 */
export async function readCode(
  request: APIRequestContext,
  email: string,
  after?: number | Date,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs
  let last: MailMessage[] = []
  while (Date.now() < deadline) {
    last = await mailbox(request, email)
    let fresh: MailMessage[] = last
    if (typeof after === 'number') fresh = last.slice(0, Math.max(0, last.length - after))
    else if (after instanceof Date) fresh = last.filter((m) => new Date(m.createdAt).getTime() >= after.getTime() - 1000)
    for (const m of fresh) {
      const code = /\b(\d{6})\b/.exec(m.text)
      if (code) return code[1]
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`no new mail with a code to ${email} within ${timeoutMs} ms (have ${last.length}: ${last.map((m) => m.subject).join('; ')})`)
}

export type NewUser = { fullName: string; email: string; password: string; userType: 'Landlord' | 'Tenant' }

/** registerViaApi creates an unconfirmed account through the API. */
export async function registerViaApi(
  request: APIRequestContext,
  prefix: string,
  userType: 'Landlord' | 'Tenant' = 'Tenant',
): Promise<NewUser> {
  const user: NewUser = { fullName: 'Test Person', email: uniqueEmail(prefix), password: goodPassword, userType }
  const res = await request.post('/api/auth/register', {
    headers: sameOrigin,
    data: { ...user, confirmPassword: user.password, acceptTerms: true },
  })
  expect(res.status(), `register ${user.email}: ${await res.text()}`).toBe(201)
  return user
}

/** createVerifiedUser registers and confirms an account without signing anyone in. */
export async function createVerifiedUser(
  request: APIRequestContext,
  prefix: string,
  userType: 'Landlord' | 'Tenant' = 'Tenant',
): Promise<NewUser> {
  const user = await registerViaApi(request, prefix, userType)
  const code = await readCode(request, user.email)
  const res = await request.post('/api/auth/verify', {
    headers: sameOrigin,
    data: { email: user.email, code, signIn: false },
  })
  expect(res.status(), `verify ${user.email}: ${await res.text()}`).toBe(200)
  return user
}

/** signInViaApi gives the page's browser context a session cookie. */
export async function signInViaApi(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/api/auth/login', { headers: sameOrigin, data: { email, password } })
  expect(res.status(), `login ${email}: ${await res.text()}`).toBe(200)
}

/**
 * axeTags are the rules the journeys and the tour run: WCAG 2.0 and 2.1, A
 * and AA. axeRules turns on by name what the tags alone might leave out:
 * `label-content-name-mismatch` (WCAG 2.5.3, label in name: a control's
 * accessible name contains its visible text), which axe-core ran only as an
 * experiment before 4.14.
 */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
export const axeRules = { 'label-content-name-mismatch': { enabled: true } }

// axe-core's minified build, the same rules: by default the builder puts
// the readable one (1.5 MB against 0.65 MB) into every page and frame it
// checks, and reading it took twice as long (a frame it cannot ready within
// a second is left out of the check).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** axeBuilder is axe with the project's rules (axeTags, axeRules), in axe's default mode. */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page, axeSource }).options({ runOnly: { type: 'tag', values: axeTags }, rules: axeRules })
}

/**
 * axe is the accessibility check the journeys and the tour run (axeBuilder's
 * rules). On a page without frames (the app has none) it runs axe in the
 * page itself ("legacy mode"): by default the builder opens a blank page to
 * put the frames' results together, which doubled the time of the suite's
 * slowest step (0.6-1.0 s against 1.2-1.7 s a page) for the same findings.
 * A page with a frame gets the default, which reads inside frames.
 */
export async function axe(page: Page): Promise<AxeBuilder> {
  const frames = await page.locator('iframe, frame').count()
  return axeBuilder(page).setLegacyMode(frames === 0)
}

/** expectNoA11yViolations fails on axe (WCAG 2.0/2.1 A/AA) violations of serious or critical impact. */
export async function expectNoA11yViolations(page: Page, label = page.url()): Promise<void> {
  const results = await (await axe(page)).analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const report = bad
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      - ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
        .join('\n')
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node(s))\n${nodes}`
    })
    .join('\n')
  expect.soft(bad, `accessibility violations on ${label}:\n${report}`).toEqual([])
}

/** snap saves a full-page screenshot under screenshots/<desktop|phone>/<name>.png. */
/** snapPath is where a screenshot of that name goes: screenshots/phone or screenshots/desktop. */
export function snapPath(testInfo: TestInfo, name: string): string {
  return path.join(e2eRoot, 'screenshots', isPhone(testInfo) ? 'phone' : 'desktop', `${name}.png`)
}

export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = snapPath(testInfo, name)
  // Sticky headers are drawn where the page is scrolled to; start from the top
  // so full-page shots look like the page does.
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' })
}

/**
 * checkPage takes the screenshot of the page as it is now and runs the
 * accessibility check. The DOM is the same at both sizes, so to keep the
 * suite fast the phone project runs axe only where its layout differs in
 * markup or colours (menus, drawers): pass `phoneAxe: true` there.
 */
export async function checkPage(
  page: Page,
  testInfo: TestInfo,
  name: string,
  opts: { phoneAxe?: boolean } = {},
): Promise<void> {
  const t0 = Date.now()
  await snap(page, testInfo, name)
  const t1 = Date.now()
  // Nothing may stick out sideways (no horizontal scrolling at 390 px).
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }))
  expect.soft(widths.scroll, `${name}: page is wider than the viewport`).toBeLessThanOrEqual(widths.view)
  if (!isPhone(testInfo) || opts.phoneAxe || process.env.E2E_AXE_ALL) await expectNoA11yViolations(page, name)
  if (process.env.E2E_TIMING) console.log(`${testInfo.project.name} ${name}: snap ${t1 - t0} ms, axe ${Date.now() - t1} ms`)
}

/** expectWithin (soft) checks that `inner` lies horizontally inside `outer`, e.g. a field inside its card. */
export async function expectWithin(inner: Locator, outer: Locator, what: string): Promise<void> {
  const a = await inner.boundingBox()
  const b = await outer.boundingBox()
  expect(a && b, `${what}: both boxes are rendered`).toBeTruthy()
  expect.soft(a!.x, `${what}: left edge sticks out`).toBeGreaterThanOrEqual(b!.x - 1)
  expect.soft(a!.x + a!.width, `${what}: right edge sticks out (${a!.x + a!.width} > ${b!.x + b!.width})`).toBeLessThanOrEqual(b!.x + b!.width + 1)
}

/** ukDay is a date in the UK, days from today, as YYYY-MM-DD (what a date input takes). */
export function ukDay(days = 0): string {
  // Today in the UK, then whole calendar days from it: adding days of 24
  // hours to the moment instead lands on another day across a change of
  // the clocks (between 23:00 and midnight GMT, 45 days back is in BST and
  // already the next day).
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  const d = new Date(`${today}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** isPhone: the test runs at 390 px (the projects phone and phone-screens: playwright.config.ts). */
export function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.name.startsWith('phone')
}

/**
 * expectLabelsWhole (soft) checks that no entry of a menu is cut off: each
 * link or button shows its whole label (scrollWidth <= clientWidth) and lies
 * inside the viewport, so nothing is hidden off to the side (issue 27).
 */
export async function expectLabelsWhole(menu: Locator, what: string): Promise<void> {
  const entries = menu.locator('a, button')
  const n = await entries.count()
  expect(n, `${what}: has entries`).toBeGreaterThan(0)
  for (let i = 0; i < n; i++) {
    const e = entries.nth(i)
    if (!(await e.isVisible())) continue
    const m = await e.evaluate((el) => ({ text: (el.textContent ?? '').trim(), scroll: el.scrollWidth, client: el.clientWidth, right: el.getBoundingClientRect().right, view: window.innerWidth }))
    expect.soft(m.scroll, `${what}: "${m.text}" is cut (${m.scroll} > ${m.client})`).toBeLessThanOrEqual(m.client)
    expect.soft(m.right, `${what}: "${m.text}" is off-screen`).toBeLessThanOrEqual(m.view + 1)
  }
}

/** expectApart (soft) checks two boxes do not overlap, e.g. a card's action and its title. */
export async function expectApart(a: Locator, b: Locator, what: string): Promise<void> {
  const x = await a.boundingBox()
  const y = await b.boundingBox()
  expect(x && y, `${what}: both are rendered`).toBeTruthy()
  const overlap = x!.x < y!.x + y!.width && y!.x < x!.x + x!.width && x!.y < y!.y + y!.height && y!.y < x!.y + x!.height
  expect.soft(overlap, `${what}: they overlap`).toBe(false)
}
