// Issue 45, the deposit back: rent arrears read from the wallet, and the
// return booked once. A tenancy let from today (£1,500 a month, due today;
// a deposit of £800) ends with a signed check-out. The landlord records
// £900 of the rent received in the wallet, then proposes rent arrears: the
// amount (£600) comes from the wallet's rent statement, shown as the
// line's evidence, never typed; and the oven's cleaning (£90). The tenant
// agrees both on their home. The landlord records the return (a day in
// the future refused beside the field): £690 kept, £110 returned; both
// sides see it, the tenant is e-mailed once, and the wallet shows the
// deductions kept (income) and the deposit returned, once each, each
// linking back to the deposit.
import { expect, test, type Page } from '@playwright/test'
import { checkPage, mailbox, snapPath, ukDay } from '../support/helpers'
import { household } from '../support/household'
import { signedCheckOut } from '../support/inventory-api'

function ukText(days: number): string {
  const d = new Date(`${ukDay(days)}T12:00:00Z`)
  const f = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...o }).format(d)
  return `${f({ weekday: 'short' })} ${f({ day: 'numeric' })} ${f({ month: 'short' })} ${f({ year: 'numeric' })}`
}

function recentList(page: Page) {
  return page.getByRole('list', { name: 'Recent Transactions' })
}

test('the landlord deducts rent arrears read from the wallet, the tenant agrees, the landlord records the return and the wallet books it once @phone', async ({ page, browser }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'a desktop journey')
  test.setTimeout(240_000)
  const h = await household(page, browser, testInfo, 'ret', 0)
  await signedCheckOut(page.request, h.landlord.email)

  // The rent received so far, recorded in the wallet as the wallet journey does: £900 of today's £1,500.
  await page.goto('/wallet')
  await page.getByRole('button', { name: 'Add a transaction' }).click()
  await page.getByRole('menu', { name: 'Add a transaction' }).getByRole('menuitem', { name: 'Add Income' }).click()
  await expect(page.getByRole('heading', { name: 'Add Income', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Category', { exact: true }).locator('option')).not.toHaveCount(3)
  const property = page.getByLabel('Property', { exact: true })
  if ((await property.inputValue()) === '') await property.selectOption({ index: 1 })
  await page.getByLabel('Category', { exact: true }).selectOption('Rent')
  await page.getByLabel('Description').fill('First month, part paid')
  await page.getByLabel('Amount (£)', { exact: true }).fill('900')
  await page.getByLabel('Date', { exact: true }).fill(ukDay(0))
  await page.getByRole('button', { name: 'Add Income' }).click()
  await expect(page).toHaveURL(/\/wallet$/)

  // Rent arrears: chosen, never typed; the server reads them from the wallet.
  await page.goto(`/deposits?tenancy=${h.id}`)
  const form = page.getByRole('form', { name: 'Propose a deduction' })
  await form.getByLabel('Reason').selectOption('arrears')
  await expect(form.getByText(/read from your wallet’s rent statement/)).toBeVisible()
  await expect(form.getByLabel('Cost (£), from the quote or invoice')).toHaveCount(0)
  await form.getByRole('button', { name: 'Propose this deduction' }).click()
  const arrears = page.getByRole('article', { name: `Rent due up to ${ukText(0)}: Rent arrears` })
  await expect(arrears).toContainText('Charged to the tenants£600.00')
  const statement = arrears.getByRole('table', { name: 'Rent statement from the wallet' })
  await expect(statement.getByRole('row', { name: new RegExp(ukText(0)) })).toContainText('£1,500.00£900.00£600.00')
  await expect(arrears).toContainText('£1,500.00 of rent due, £900.00 paid, £600.00 owed')
  // A second one is refused: there is one rent statement.
  await form.getByLabel('Reason').selectOption('arrears')
  await form.getByRole('button', { name: 'Propose this deduction' }).click()
  await expect(form.getByText("Rent arrears are already proposed: edit that deduction to read the wallet's rent statement again.")).toBeVisible()
  await form.getByLabel('Reason').selectOption('cleaning')
  await form.getByLabel('Item of the check-out report').selectOption('inside/Kitchen/Oven')
  await form.getByLabel('Cost (£), from the quote or invoice').fill('90')
  await form.getByRole('button', { name: 'Propose this deduction' }).click()
  await expect(page.getByRole('article', { name: 'Kitchen: Oven: Cleaning' })).toContainText('Charged to the tenants£90.00')
  await expect(page.locator('.dd')).toContainText('Deductions£690.00')
  await expect(page.getByRole('form', { name: 'Record the return' })).toHaveCount(0) // the tenant has not answered
  await arrears.scrollIntoViewIfNeeded()
  await checkPage(page, testInfo, 'deposit-return-arrears')
  // The statement's columns all fit the card, at 390 px too (no amount cut off behind a scroll).
  const table = arrears.locator('.dd-statement')
  expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await table.screenshot({ path: snapPath(testInfo, 'deposit-return-statement') })

  // The tenant agrees both on their home.
  const t = h.tenantPage
  await t.goto('/dashboard')
  const mine = t.getByRole('region', { name: 'Your deposit' })
  for (const name of [`Rent due up to ${ukText(0)}: Rent arrears`, 'Kitchen: Oven: Cleaning']) {
    const line = mine.getByRole('article', { name })
    await line.getByRole('button', { name: 'I agree' }).click()
    await expect(line).toContainText('Your answer: you agree')
  }
  await expect(mine.getByRole('article', { name: `Rent due up to ${ukText(0)}: Rent arrears` }).getByRole('table')).toContainText('£600.00')

  // The landlord records the return: a day in the future is refused beside the field.
  await page.reload()
  const ret = page.getByRole('form', { name: 'Record the return' })
  await expect(ret).toContainText('Tom Tenant £110.00')
  const day = ret.getByLabel('The day you returned the deposit')
  await expect(day).toHaveValue(ukDay(0))
  await day.fill(ukDay(2))
  await ret.getByRole('button', { name: 'Record the return' }).click()
  await expect(ret.getByText('The day you returned the deposit cannot be in the future.')).toBeVisible()
  await expect(day).toHaveValue(ukDay(2))
  await checkPage(page, testInfo, 'deposit-return-refused')
  await day.fill(ukDay(0))
  await ret.getByRole('button', { name: 'Record the return' }).click()
  const done = page.getByRole('region', { name: 'The deposit’s return' })
  await expect(done).toContainText('Returned to the tenants£110.00')
  await expect(done).toContainText('Deductions kept£690.00')
  await expect(done).toContainText(`Returned on${ukText(0)}`)
  await expect(page.getByRole('form', { name: 'Record the return' })).toHaveCount(0)
  await expect(page.getByRole('form', { name: 'Propose a deduction' })).toHaveCount(0)
  await done.scrollIntoViewIfNeeded()
  await checkPage(page, testInfo, 'deposit-return-landlord')

  // The tenant sees it on their home, and is e-mailed once.
  await t.reload()
  const theirs = t.getByRole('region', { name: 'Your deposit' }).getByRole('region', { name: 'The deposit’s return' })
  await expect(theirs).toContainText('Tom Tenant: £110.00 returned')
  await expect(t.getByRole('region', { name: 'Your deposit' }).getByRole('button', { name: 'I agree' })).toHaveCount(0)
  await theirs.scrollIntoViewIfNeeded()
  await checkPage(t, testInfo, 'deposit-return-tenant')
  await expect.poll(async () => (await mailbox(t.request, h.tenant.email)).filter((m) => m.subject === 'Your deposit return was recorded').length).toBe(1)
  const mail = (await mailbox(t.request, h.tenant.email)).find((m) => m.subject === 'Your deposit return was recorded')!
  expect(mail.text).toContain('Your share returned: £110.00.')
  expect(mail.text).not.toContain(h.id)

  // The wallet books both once (a job, right after), each linking back to the deposit.
  await expect.poll(async () => {
    await page.goto('/wallet')
    await expect(recentList(page).getByRole('link', { name: /First month, part paid/ })).toBeVisible() // the list is in
    return recentList(page).getByRole('link', { name: /Deposit (deductions kept|returned to the tenants)/ }).count()
  }, { timeout: 30_000 }).toBe(2)
  await expect(recentList(page).getByRole('link', { name: /Deposit deductions kept/ })).toContainText('+£690.00')
  await expect(recentList(page).getByRole('link', { name: /Deposit returned to the tenants/ })).toContainText('£110.00')
  await checkPage(page, testInfo, 'deposit-return-wallet')
  await recentList(page).getByRole('link', { name: /Deposit deductions kept/ }).click()
  await expect(page.getByRole('heading', { name: 'Deposit deductions kept (agreed by every tenant)' })).toBeVisible()
  await checkPage(page, testInfo, 'deposit-return-wallet-entry')
  await page.getByRole('link', { name: /^Deposit: deductions kept/ }).click()
  await expect(page).toHaveURL(new RegExp(`/deposits\\?tenancy=${h.id}$`))
  await expect(page.getByRole('region', { name: 'The deposit’s return' })).toBeVisible()
})
