// Browser journeys of OmniRent against the real, already-built binary
// (../bin/omnirent, web app embedded). Chromium comes from Debian
// (/usr/bin/chromium); this suite never downloads browsers.
import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 18080)
const baseURL = `http://127.0.0.1:${port}`
// One data folder and one results folder per port, so two runs on
// different E2E_PORTs (the single-process suite and the production one)
// never share or clear each other's.
const dataDir = port === 18080 ? '.data' : `.data-${port}`
const outputDir = port === 18080 ? 'test-results' : `test-results-${port}`

// E2E_PROD=1 runs the journeys against the production shape instead
// (scripts/prod/up.sh: two instances behind HAProxy (round robin, deploy/haproxy.cfg) on
// PostgreSQL, an S3 server and a real SMTP server whose API the journeys
// read their e-mails from: E2E_MAILPIT_URL).
const prod = process.env.E2E_PROD === '1'
if (prod && !process.env.E2E_MAILPIT_URL) process.env.E2E_MAILPIT_URL = `http://127.0.0.1:${port + 26}`
// The journeys of the production run: only the paths that differ there
// (issue 43): a session ended on one instance and seen by the other
// (session), e-mails through a real SMTP server (register; signing's codes),
// files in S3 (property's photos, documents' certificates; signing's sealed
// PDF), jobs and sweeps shared by two instances (signing's seal, documents'
// reminders, calendar's alerts). What is the same in both shapes (forms,
// rules, pages) runs once, in the single-process suite.
const prodJourneys = [
  'register', 'session', 'property', 'signing', 'documents', 'calendar',
].map((name) => `${name}.spec.ts`)

// The journeys run whole at both widths (the others: only their @phone tests on a phone).
const phoneJourneys = ['signing', 'withdraw', 'inventory', 'tenant-home', 'tour'].map((name) => `${name}.spec.ts`)
const phone = { viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: true }

// The server gets a clean, predictable environment: any OMNIRENT_* variable
// of the calling shell (a PostgreSQL URL, an SMTP relay...) is blanked so the
// journeys always run on a fresh SQLite database with the local outbox.
const serverEnv: Record<string, string> = {}
for (const key of Object.keys(process.env)) {
  if (key.startsWith('OMNIRENT_')) serverEnv[key] = ''
}
Object.assign(serverEnv, {
  OMNIRENT_ENV: 'development',
  OMNIRENT_ADDR: `127.0.0.1:${port}`,
  OMNIRENT_BASE_URL: baseURL,
  OMNIRENT_DATA_DIR: dataDir,
  OMNIRENT_ARGON2_MEMORY_KIB: '8192',
  OMNIRENT_SEED_DEMO: 'true',
  OMNIRENT_LOG_LEVEL: 'warn',
  // Where landlords' requests to book a certificate check go (the documents journey reads it).
  OMNIRENT_VENDOR_BOOKING_EMAIL: 'vendors@omnirent.test',
  PROD_PORT: String(port),
})

export default defineConfig({
  testDir: './tests',
  testMatch: prod ? prodJourneys : undefined,
  outputDir,
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 45_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // A British browser: date and time fields show DD/MM/YYYY and 24-hour times.
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Every journey runs once on a desktop. A phone changes the screens of
  // signing, inventory (made on a phone on site), the tenant's home and the
  // tour (every page as every role, checked for width and controls): those
  // run whole at 390 px too ('phone'). Elsewhere only the tests tagged
  // @phone, whose screens a phone changes (drawers, menus, stacked forms),
  // run at 390 px ('phone-screens'). Issue 43; docs/perf.md says what moved.
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', testMatch: phoneJourneys, use: phone },
    { name: 'phone-screens', grep: /@phone/, testIgnore: phoneJourneys, use: phone },
  ],
  webServer: {
    // E2E_SERVER_COMMAND lets a developer point the suite at another server build.
    command:
      process.env.E2E_SERVER_COMMAND ?? (prod ? 'bash ../scripts/prod/up.sh' : `rm -rf ${dataDir} && ../bin/omnirent serve`),
    env: serverEnv,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: prod ? 300_000 : 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
