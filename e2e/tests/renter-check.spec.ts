// Issue 5 (web side): the renter's reference check and the landlord's report.
// A landlord buys a check for one renter (rent £850, sandbox card); the
// renter opens the e-mailed link, meets each rule of the self-declaration
// form, goes to the sandbox bank, cancels once, connects as the salaried
// persona (£2,650 a month: 37.4 times the rent, a Pass), sees the report
// being prepared and then complete. The landlord finds the renter under
// Completed Reports, reads the report, downloads the PDF (checked with
// pdftotext and rendered with pdftoppm) and asks for the e-mail again.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { baseURL, checkPage, isPhone, snap, uniqueEmail } from '../support/helpers'
import { buyCheckWithCard, landlordWithProperty, waitForMail } from '../support/refcheck'

const RENT = 850

/** renterPage opens a browser context of its own for the renter: no landlord session, the project's size. */
async function renterPage(browser: import('@playwright/test').Browser, testInfo: TestInfo): Promise<Page> {
  const use = testInfo.project.use
  const context = await browser.newContext({ baseURL, viewport: use.viewport, hasTouch: use.hasTouch, isMobile: use.isMobile })
  return context.newPage()
}

test('a renter completes the reference check and the landlord reads, downloads and e-mails the report @phone', async ({ page, request, browser }, testInfo) => {
  test.setTimeout(180_000)
  const landlord = await landlordWithProperty(page, request, 'renter-check-ll')
  const renter = { name: 'Riley Renter', email: uniqueEmail('riley') }
  await buyCheckWithCard(page, testInfo, [renter], RENT)

  // The renter's invitation links to their page.
  const invite = await waitForMail(request, renter.email, /reference check/i)
  const link = new RegExp(`${baseURL.replace(/[.]/g, '\\.')}(/initiateRefCheck/[\\w-]+/[\\w-]+)`).exec(invite.text)
  expect(link, `a link in: ${invite.text}`).not.toBeNull()
  const r = await renterPage(browser, testInfo)
  await r.goto(link![1])

  // The form: read-only name and e-mail, the info help.
  await expect(r.getByRole('heading', { name: 'Reference Check', level: 1 })).toBeVisible()
  await expect(r.getByLabel('Full name')).toHaveValue(renter.name)
  await expect(r.getByLabel('Full name')).not.toBeEditable()
  await expect(r.getByLabel('E-mail', { exact: true })).toHaveValue(renter.email)
  await r.getByRole('button', { name: 'About the reference check' }).click()
  const help = r.getByRole('dialog', { name: 'Renting made simple' })
  await expect(help).toContainText('never your bank statements')
  await checkPage(r, testInfo, 'renter-check-help', { phoneAxe: true })
  await help.getByRole('button', { name: 'Got it' }).click()
  await expect(help).toBeHidden()

  // CONTINUE is unavailable until the rules are met; pressing it says which rule is missing.
  const go = r.getByRole('button', { name: 'CONTINUE TO REFERENCE CHECK' })
  await expect(go).toBeDisabled()
  await checkPage(r, testInfo, 'renter-check-form', { phoneAxe: true })
  const alert = r.getByRole('alert')
  await go.press('Enter')
  await expect(alert).toHaveText('Please enter mobile number and estimated income.')

  // Mobile and income keep digits only.
  await r.getByLabel('Mobile number').pressSequentially('07700 900 123')
  await expect(r.getByLabel('Mobile number')).toHaveValue('07700900123')
  await r.getByLabel('Monthly net income (£)').pressSequentially('2,650')
  await expect(r.getByLabel('Monthly net income (£)')).toHaveValue('2650')
  await go.click({ force: true }) // a person can press the greyed-out button to learn why
  await expect(alert).toHaveText('You must agree with the terms and conditions to continue.')

  // The legal texts and the Right to Rent explainer open as pop-ups.
  await r.getByRole('button', { name: 'Terms of Service' }).click()
  const terms = r.getByRole('dialog', { name: 'Terms of Service' })
  await expect(terms).toContainText('Terms')
  await terms.getByRole('button', { name: 'Close' }).click()
  await r.getByRole('button', { name: "'Right to Rent'" }).click()
  const rtr = r.getByRole('dialog', { name: "The 'Right to Rent'" })
  await expect(rtr).toContainText('before the tenancy starts')
  await checkPage(r, testInfo, 'renter-check-right-to-rent', { phoneAxe: true })
  await rtr.getByRole('button', { name: 'Back to the form' }).click()
  await r.getByRole('checkbox', { name: 'I agree to Terms of Service and Privacy Policy' }).check()
  await go.press('Enter')
  await expect(alert).toHaveText('Please enter your date of birth.')

  // The date-of-birth boxes: clamps, moving on after two digits, Backspace back, the year's limits.
  const day = r.getByLabel('Day', { exact: true })
  const month = r.getByLabel('Month', { exact: true })
  const year = r.getByLabel('Year', { exact: true })
  await day.pressSequentially('45')
  await expect(day).toHaveValue('31')
  await expect(month).toBeFocused()
  await month.press('Backspace')
  await expect(day).toBeFocused()
  await day.fill('')
  await day.pressSequentially('07')
  await month.pressSequentially('13')
  await expect(month).toHaveValue('12')
  await expect(year).toBeFocused()
  await year.pressSequentially('2030')
  await expect(year).toHaveValue(String(new Date().getFullYear() - 18))
  await year.fill('')
  await year.pressSequentially('1850')
  await expect(year).toHaveValue('1900')
  await year.fill('')
  await year.press('Backspace')
  await expect(month).toBeFocused()
  await month.fill('')
  await month.pressSequentially('06')
  await year.pressSequentially('1994')
  await r.getByLabel("Previous property manager's e-mail (optional)").fill('old.agent@example.com')
  for (const label of ['I do not have pets', 'I do not smoke', "I have the 'Right to Rent' documents"]) {
    await r.getByRole('checkbox', { name: label }).check()
  }
  await expect(alert).toHaveCount(0)
  await expect(go).toBeEnabled()
  await checkPage(r, testInfo, 'renter-check-form-filled')
  await go.click()

  // The sandbox bank (served by the server): cancel once, then connect again.
  await expect(r).toHaveURL(/\/sandbox-bank\/consent/)
  await expect(r.getByText('Sandbox bank for trying OmniRent')).toBeVisible()
  await r.getByRole('button', { name: 'Cancel' }).click()
  await expect(r).toHaveURL(/bank=cancelled/)
  await expect(r.getByRole('heading', { name: 'Connect your bank' })).toBeVisible()
  await expect(r.getByText('The bank connection was cancelled. You can try again.')).toBeVisible()
  await checkPage(r, testInfo, 'renter-check-bank')
  await r.getByRole('button', { name: 'Connect your bank' }).click()
  await expect(r).toHaveURL(/\/sandbox-bank\/consent/)
  await r.getByLabel('Salaried employee').check()
  await snap(r, testInfo, 'renter-check-sandbox-bank')

  // The sandbox bank answers at once, so the report is usually ready before
  // the page is back: the first answer is held at 'processing' to see that
  // step; the page then asks again by itself (every 2 s) and shows the real one.
  let held = false
  await r.route('**/api/renter-checks/*/renters/*', async (route) => {
    const res = await route.fetch()
    const body = await res.json()
    if (!held) {
      held = true
      await route.fulfill({ response: res, json: { ...body, step: 'processing', report: null } })
      return
    }
    await route.fulfill({ response: res, json: body })
  })
  await r.getByRole('button', { name: 'Allow access' }).click()
  await expect(r).toHaveURL(/\/initiateRefCheck\//)
  await expect(r.getByRole('heading', { name: 'Your report is being prepared' })).toBeVisible()
  await snap(r, testInfo, 'renter-check-processing')
  await expect(r.getByRole('heading', { name: 'Reference check complete' })).toBeVisible({ timeout: 15_000 })
  await expect(r.getByText('a report has been sent to the property manager')).toBeVisible()
  const own = r.getByRole('region', { name: 'Your report' })
  await expect(own.getByText('Rating: Pass')).toBeVisible()
  await checkPage(r, testInfo, 'renter-check-complete')
  await r.context().close()

  // The landlord: Completed Reports, then the report.
  await page.goto('/dashboard?view=completed')
  const row = isPhone(testInfo)
    ? page.getByRole('list', { name: 'Completed Reports' }).getByRole('listitem').filter({ hasText: renter.email })
    : page.getByRole('table', { name: 'Completed Reports' }).getByRole('row').filter({ hasText: renter.email })
  await expect(row).toContainText('Process Complete')
  await checkPage(page, testInfo, 'renter-check-completed-list', { phoneAxe: true })

  // DOWNLOAD e-mails the report again: right after the report e-mail the server asks to wait.
  await row.getByRole('button', { name: `DOWNLOAD report for ${renter.email}` }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Please wait a minute before sending again.' })).toBeVisible()
  const mail = await waitForMail(request, landlord.email, /^Reference report for /)
  expect(mail.subject).toBe(`Reference report for ${renter.name}: Pass`)

  await row.getByRole('link', { name: `View report for ${renter.email}` }).click()
  await expect(page).toHaveURL(/\/reports\/[\w-]+\/[\w-]+$/)
  await expect(page.getByRole('heading', { name: `Reference report: ${renter.name}`, level: 1 })).toBeVisible()
  await expect(page.getByText('Rating: Pass')).toBeVisible()
  const reasons = page.getByRole('region', { name: 'Why this rating' })
  await expect(reasons).toContainText('37.4 times the monthly rent share of £850')
  await expect(page.getByRole('img', { name: /Bar chart of monthly income and outgoings/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Self-declared answers' })).toContainText('old.agent@example.com')
  await checkPage(page, testInfo, 'renter-check-report', { phoneAxe: true })

  // Download PDF: a plain link the browser saves.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()])
  const pdf = testInfo.outputPath('report.pdf')
  await download.saveAs(pdf)
  expect(download.suggestedFilename()).toBe('reference-report-riley-renter.pdf')
  const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })
  expect(text).toContain(renter.name)
  expect(text).toContain('Rating: Pass')
  const prefix = testInfo.outputPath('report-page')
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, prefix])
  const png = readdirSync(path.dirname(prefix)).find((f) => f.startsWith('report-page') && f.endsWith('.png'))
  expect(png && existsSync(path.join(path.dirname(prefix), png)), 'pdftoppm rendered page 1').toBeTruthy()

  // 'E-mail me the report' is throttled the same way.
  await page.getByRole('button', { name: 'E-mail me the report' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Please wait a minute before sending again.' })).toBeVisible()
})

test('a link that does not match a check says so', async ({ page }, testInfo) => {
  await page.goto('/initiateRefCheck/not-a-renter/not-a-check')
  await expect(page.getByRole('heading', { name: 'Reference Check', level: 1 })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText('This reference check link is not valid.')
  await snap(page, testInfo, 'renter-check-invalid-link')
})
