// Issue 4 (web side): a landlord buys instant reference checks on OmniCheck
// (/dashboard) through the shared payment screen: a 50% promo code and the
// sandbox card 4242 4242 4242 4242; a declined card charges nothing; a 100%
// code buys with PURCHASE INSTANT CHECK and no card step. The renters get
// their invitations and the landlord a receipt (development outbox).
import { expect, test, type Page } from '@playwright/test'
import { baseURL, checkPage, isPhone, mailbox, snap, uniqueEmail } from '../support/helpers'
import { createPromoCode, deactivatePromoCode, fillCard, fillRenters, landlordWithProperty, toCard, waitForMail } from '../support/refcheck'

const total = (page: Page) => page.getByTestId('basket-total')

test('a landlord buys a check for two renters with a 50% code and a card @phone', async ({ page, request, playwright }, testInfo) => {
  test.setTimeout(120_000)
  const half = await createPromoCode(playwright, 50)
  const user = await landlordWithProperty(page, request, 'refcheck-buy')
  const renters = [
    { name: 'Rita Renter', email: uniqueEmail('rita') },
    { name: 'Sam Sharer', email: uniqueEmail('sam') },
  ]

  // First visit: the welcome, then the type choice.
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'OmniCheck', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Welcome to OmniCheck, Test' })).toBeVisible()
  await checkPage(page, testInfo, 'refcheck-welcome', { phoneAxe: true })
  await page.getByRole('button', { name: 'GET STARTED' }).click()

  const instant = page.getByRole('article', { name: 'Instant Check' })
  await expect(instant).toContainText('£17.99')
  await expect(instant).toContainText('£8.99')
  await expect(page.getByText('+ Credit Check')).toContainText('Coming soon')
  // What it checks and what it does not (issue 25): no identity or Right to Rent check.
  await expect(instant).not.toContainText('Identity verification')
  await expect(instant).toContainText('Right to Rent: not checked.')
  await expect(instant.getByRole('link', { name: /Home Office guide to Right to Rent checks/ })).toHaveAttribute(
    'href',
    'https://www.gov.uk/government/publications/landlords-guide-to-right-to-rent-checks',
  )
  await checkPage(page, testInfo, 'refcheck-type')
  await instant.getByRole('button', { name: 'View a sample report' }).click()
  const sample = page.getByRole('dialog', { name: 'Sample Instant Check report' })
  await expect(sample).toContainText('Affordability rating')
  await expect(sample).not.toContainText('Documents confirmed')
  await expect(sample).not.toContainText('Identity verification')
  await expect(sample).toContainText('The renter declares they have them (not checked)')
  await expect(sample).toContainText('You must still check the right to rent')
  await checkPage(page, testInfo, 'refcheck-sample-report')
  await sample.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('button', { name: 'CONTINUE', exact: true }).click()

  // The form, with the deposit-cap warning as the deposit is typed.
  await expect(page).toHaveURL(/step=form/)
  await page.getByRole('button', { name: 'CONTINUE TO PAYMENT' }).click()
  await expect(page.getByText('All fields are required.')).toBeVisible()
  await fillRenters(page, renters)
  await page.getByLabel('Rental property').selectOption({ label: '8 Northcote Road, London, SW11 1NT' })
  await page.getByLabel('Monthly rent (£)').fill('1850')
  await page.getByLabel('Security deposit (£)').fill('2500')
  await expect(page.getByText(/Tenant Fees Act 2019/)).toContainText("legal cap of £2,134.61 (5 weeks' rent)")
  await checkPage(page, testInfo, 'refcheck-form', { phoneAxe: true })
  await page.getByLabel('Security deposit (£)').fill('2000')
  await expect(page.getByText(/Tenant Fees Act 2019/)).toHaveCount(0)
  await page.getByRole('button', { name: 'CONTINUE TO PAYMENT' }).click()

  // The basket: one line per renter at the server's price.
  await expect(page).toHaveURL(/step=pay&check=/)
  const basket = page.getByRole('region', { name: 'Basket' })
  await expect(basket.getByRole('list', { name: 'Basket items' }).getByRole('listitem')).toHaveCount(2)
  await expect(total(page)).toHaveText('£17.98')
  // One meaning of the struck price (issue 27): the list price, before and after a code.
  const struck = basket.locator('.pay__total s')
  await expect(struck).toHaveText('was £35.98')
  await expect(basket.getByText('51% off')).toBeVisible()
  await basket.getByLabel('PROMO CODE', { exact: true }).fill('NO-SUCH-CODE')
  await basket.getByRole('button', { name: 'APPLY' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid code' })).toBeVisible()
  await basket.getByLabel('PROMO CODE', { exact: true }).fill(half.toLowerCase())
  await basket.getByRole('button', { name: 'APPLY' }).click()
  await expect(total(page)).toHaveText('£8.99')
  await expect(struck).toHaveText('was £35.98')
  await expect(basket.getByText('76% off')).toBeVisible()
  await expect(basket.getByRole('list', { name: 'Applied promo codes' })).toContainText(half)
  await basket.getByLabel('PROMO CODE', { exact: true }).fill(half)
  await basket.getByRole('button', { name: 'APPLY' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Code already used' })).toBeVisible()
  await checkPage(page, testInfo, 'refcheck-basket', { phoneAxe: true })
  if (!isPhone(testInfo)) {
    // The alternating layout starts at 800 px.
    await page.setViewportSize({ width: 800, height: 900 })
    await expect(page.getByRole('region', { name: 'Card payment' })).toHaveCount(0)
    await snap(page, testInfo, 'refcheck-basket-800')
    await page.getByRole('button', { name: 'CONTINUE TO CARD PAYMENT' }).click()
    await expect(page.getByRole('region', { name: 'Basket' })).toHaveCount(0)
    await snap(page, testInfo, 'refcheck-card-800')
    await page.getByRole('button', { name: 'Back to the basket' }).click()
    await expect(basket).toBeVisible()
    await page.setViewportSize({ width: 1280, height: 800 })
  }

  // The card step (sandbox).
  await toCard(page, testInfo)
  await expect(page.getByText('Sandbox: no money is taken — use 4242 4242 4242 4242')).toBeVisible()
  const card = await fillCard(page, '4242424242424242')
  await expect(card.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242')
  await checkPage(page, testInfo, 'refcheck-card', { phoneAxe: true })
  // What was typed survives the page's layout changing meanwhile (a
  // full-page screenshot shrinks a Chromium page to 1x1 for a moment, which
  // once unmounted the card panel and emptied the form).
  await expect(card.getByLabel('First line of address')).toHaveValue('8 Northcote Road')
  await expect(card.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242')
  await card.getByRole('button', { name: 'MAKE CARD PAYMENT' }).click()

  // Success.
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible()
  await expect(page).toHaveURL(/step=success/)
  await expect(page.getByText(/sent to your renters/)).toContainText('confirmation e-mail')
  await checkPage(page, testInfo, 'refcheck-success')

  // Active Reports: both renters notified; a resend this soon is refused.
  await page.getByRole('navigation', { name: 'Reference checks' }).getByRole('link', { name: 'Active Reports' }).click()
  await expect(page).toHaveURL(/view=active/)
  const list = isPhone(testInfo) ? page.getByRole('list', { name: 'Active Reports' }) : page.getByRole('table', { name: 'Active Reports' })
  for (const r of renters) {
    const row = isPhone(testInfo) ? list.getByRole('listitem').filter({ hasText: r.email }) : list.getByRole('row').filter({ hasText: r.email })
    await expect(row).toContainText(r.name)
    await expect(row).toContainText('Renter Notified')
    await expect(row).toContainText('8 Northcote Road, London SW11 1NT')
    await expect(row).toContainText(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(new Date()))
  }
  if (!isPhone(testInfo)) {
    await expect(list.getByRole('columnheader')).toHaveText(['RENTER', 'EMAIL', 'PROPERTY', 'INITIATION DATE', 'STATUS', 'Action'])
  }
  await checkPage(page, testInfo, 'refcheck-active', { phoneAxe: true })
  await page.getByRole('button', { name: `RESEND to ${renters[0].email}` }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Please wait a minute before sending again.' })).toBeVisible()

  // Back returns to the success page's place; Completed Reports is empty.
  await page.goBack()
  await expect(page).toHaveURL(/step=success/)
  await page.goto('/dashboard?view=completed')
  await expect(page.getByText('No completed reports.')).toBeVisible()
  await checkPage(page, testInfo, 'refcheck-completed')

  // The outbox: each renter's invitation, and the landlord's receipt.
  for (const r of renters) {
    const invite = await waitForMail(request, r.email, /reference check/i)
    expect(invite.text).toMatch(new RegExp(`${baseURL.replace(/[.]/g, '\\.')}/initiateRefCheck/[\\w-]+/[\\w-]+`))
    // It names who asks, for which home, what will be asked and why, and how to tell it is genuine.
    const text = invite.text.replace(/\s+/g, ' ')
    expect(invite.subject).toContain('asks you for a reference check for')
    expect(text).toContain('has asked OmniRent for a reference check as part of your application to rent')
    expect(text).toContain('connect your bank account through open banking')
    expect(text).toContain('OmniRent never asks for your bank password or card details')
    expect(text).toContain(`type ${new URL(baseURL).host} into your browser yourself`)
  }
  const receipt = await waitForMail(request, user.email, /receipt/i)
  expect(receipt.subject).toContain('£8.99')
  // The VAT receipt e-mail (issue 27): its number, the VAT, and a link to the receipt page.
  const number = /OR-\d{4}-\d{6,}/.exec(receipt.subject)?.[0] ?? ''
  expect(number, receipt.subject).not.toBe('')
  const receiptText = receipt.text.replace(/\s+/g, ' ')
  expect(receiptText).toContain('Total paid: £8.99 (net £7.49, VAT £1.50)')
  expect(receiptText).toContain('VAT registration number GB 000 0000 00')
  expect(receiptText).toContain(`View or download your receipt: ${baseURL}/profile/orders/${number}`)

  // The landlord's own orders list the purchase with the code and the total.
  await page.goto('/profile/orders')
  const order = page.getByRole('listitem').filter({ hasText: 'Receipt sent to' }).first()
  await expect(order).toContainText('Paid: Card (sandbox: no money taken)')
  await expect(order).toContainText(/Promo code: .+ \(50% off\)/)
  await expect(order.locator('.order__total')).toContainText('£8.99')
  await expect(order).toContainText(`Order ${number}`)
  await checkPage(page, testInfo, 'profile-orders')

  // The receipt page, as the e-mail's link opens it, and its PDF.
  await order.getByRole('link', { name: `View receipt ${number}` }).click()
  await expect(page).toHaveURL(new RegExp(`/profile/orders/${number}$`))
  await expect(page.getByRole('heading', { name: `VAT receipt ${number}`, level: 1 })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Supplier' })).toContainText('VAT registration number: GB 000 0000 00')
  const lines = page.getByRole('table').getByRole('row')
  await expect(lines).toHaveCount(3)
  for (const r of renters) await expect(lines.filter({ hasText: r.email })).toContainText('20%')
  await expect(page.getByTestId('receipt-totals')).toContainText('VAT at 20%£1.50')
  await expect(page.getByTestId('receipt-total')).toHaveText('£8.99')
  await expect(page.getByText('Card (sandbox: no money was taken)')).toBeVisible()
  await checkPage(page, testInfo, 'receipt', { phoneAxe: true })
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download PDF' }).click()
  expect((await download).suggestedFilename()).toBe(`OmniRent receipt ${number}.pdf`)
  const pdf = await page.request.get(`/api/receipts/${number}/pdf`)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
})

test('a declined card shows the provider message and charges nothing', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000)
  const user = await landlordWithProperty(page, request, 'refcheck-decline')
  const renter = { name: 'Dora Declined', email: uniqueEmail('dora') }

  await page.goto('/dashboard?view=initiate&step=form')
  await fillRenters(page, [renter])
  // A new property through the same address form as /profile/add.
  await page.getByRole('button', { name: 'Add New' }).click()
  const add = page.getByRole('dialog', { name: 'Add New Property' })
  await add.getByRole('button', { name: 'Add New Property' }).click()
  await expect(add.getByText('Please enter first line address, town, postcode and country.')).toBeVisible()
  await add.getByLabel('First line of address').fill('3 Battersea Rise')
  await add.getByLabel('Town').fill('London')
  await add.getByLabel('Postcode').fill('sw11 1hg')
  await snap(page, testInfo, 'refcheck-add-property')
  await add.getByRole('button', { name: 'Add New Property' }).click()
  await expect(add).toBeHidden()
  await expect(page.getByLabel('Rental property').locator('option:checked')).toHaveText('3 Battersea Rise, London, SW11 1HG')
  await page.getByLabel('Monthly rent (£)').fill('4200')
  await page.getByLabel('Security deposit (£)').fill('5816')
  await expect(page.getByText(/Tenant Fees Act 2019/)).toContainText("legal cap of £5,815.38 (6 weeks' rent)")
  await page.getByRole('button', { name: 'CONTINUE TO PAYMENT' }).click()

  // The server says the same about the deposit on the payment screen.
  await expect(page.getByText(/Tenant Fees Act 2019/)).toContainText('£5,815.38')
  await expect(total(page)).toHaveText('£8.99')
  await toCard(page, testInfo)
  const card = await fillCard(page, '4000000000000002')
  const pay = card.getByRole('button', { name: 'MAKE CARD PAYMENT' })
  await card.getByLabel('Name on card').fill('')
  await pay.click()
  await expect(card.getByText('Please fill in all the fields')).toBeVisible()
  await card.getByLabel('Name on card').fill('Test Person')
  await pay.click()
  const declined = card.getByText('Your card was declined.')
  await expect(declined).toBeVisible()
  expect(await declined.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(180, 35, 24)') // --danger
  await checkPage(page, testInfo, 'refcheck-declined')

  // Nothing was charged: the order is still pending, no receipt, no invitation.
  const orders = await page.request.get('/api/orders')
  const all = (await orders.json()).orders as { status: string; totalPence: number }[]
  expect(all.map((o) => [o.status, o.totalPence])).toEqual([['pending', 899]])
  expect((await mailbox(request, user.email)).filter((m) => /receipt/i.test(m.subject))).toEqual([])
  expect(await mailbox(request, renter.email)).toEqual([])
  await page.goto('/dashboard?view=active')
  await expect(page.getByText('No active reports.')).toBeVisible()
})

test('a 100% code buys with PURCHASE INSTANT CHECK and no card step', async ({ page, request, playwright }, testInfo) => {
  test.setTimeout(90_000)
  const free = await createPromoCode(playwright, 100)
  const user = await landlordWithProperty(page, request, 'refcheck-free')
  const kept = { name: 'Kim Kept', email: uniqueEmail('kim') }
  const removed = { name: 'Rob Removed', email: uniqueEmail('rob') }

  await page.goto('/dashboard?view=initiate&step=form')
  await fillRenters(page, [kept, removed])
  await page.getByLabel('Rental property').selectOption({ index: 1 })
  await page.getByLabel('Monthly rent (£)').fill('1200')
  await page.getByLabel('Security deposit (£)').fill('1200')
  await page.getByRole('button', { name: 'CONTINUE TO PAYMENT' }).click()

  // Removing a renter from the basket asks first.
  await expect(total(page)).toHaveText('£17.98')
  await page.getByRole('button', { name: `Remove ${removed.email}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Please confirm' })
  await expect(confirm).toContainText(`Are you sure you want to remove ${removed.email}?`)
  await checkPage(page, testInfo, 'refcheck-remove-renter', { phoneAxe: true })
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expect(total(page)).toHaveText('£8.99')
  await expect(page.getByRole('button', { name: `Remove ${kept.email}` })).toHaveCount(0)

  await page.getByLabel('PROMO CODE', { exact: true }).fill(free)
  await page.getByRole('button', { name: 'APPLY' }).click()
  await expect(total(page)).toHaveText('£0.00')
  const buy = page.getByRole('button', { name: 'PURCHASE INSTANT CHECK' })
  await expect(buy).toBeVisible()
  await expect(page.getByRole('button', { name: 'CONTINUE TO CARD PAYMENT' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Card payment' })).toHaveCount(0)
  await expect(page.getByLabel('Card number')).toHaveCount(0)
  await checkPage(page, testInfo, 'refcheck-free')
  await buy.click()

  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Renters e-mailed' })).toHaveText([`${kept.name} ${kept.email}`])
  await waitForMail(request, kept.email, /reference check/i)
  const receipt = await waitForMail(request, user.email, /receipt/i)
  expect(receipt.subject).toContain('£0.00')
  expect(await mailbox(request, removed.email)).toEqual([])

  // START NEW CHECK begins again at the type choice.
  await page.getByRole('button', { name: 'START NEW CHECK' }).click()
  await expect(page.getByRole('heading', { name: 'Choose your reference check' })).toBeVisible()
})

test('a 100% code switched off before the purchase: the landlord is told and sees the new total', async ({ page, request, playwright }, testInfo) => {
  test.setTimeout(90_000)
  const free = await createPromoCode(playwright, 100)
  await landlordWithProperty(page, request, 'refcheck-withdrawn')
  const renter = { name: 'Wendy Withdrawn', email: uniqueEmail('wendy') }

  await page.goto('/dashboard?view=initiate&step=form')
  await fillRenters(page, [renter])
  await page.getByLabel('Rental property').selectOption({ index: 1 })
  await page.getByLabel('Monthly rent (£)').fill('1200')
  await page.getByLabel('Security deposit (£)').fill('1200')
  await page.getByRole('button', { name: 'CONTINUE TO PAYMENT' }).click()
  await page.getByLabel('PROMO CODE', { exact: true }).fill(free)
  await page.getByRole('button', { name: 'APPLY' }).click()
  await expect(total(page)).toHaveText('£0.00')

  // The admin switches the code off while the basket is open.
  await deactivatePromoCode(playwright, free)
  await page.getByRole('button', { name: 'PURCHASE INSTANT CHECK' }).click()
  await expect(page.getByText(`The promo code ${free} no longer applies. The new total is £8.99; please check it and pay again.`)).toBeVisible()
  await expect(total(page)).toHaveText('£8.99')
  await expect(page.getByRole('list', { name: 'Applied promo codes' })).toHaveCount(0)
  if (!isPhone(testInfo)) await expect(page.getByRole('region', { name: 'Card payment' })).toBeVisible()
  else await expect(page.getByRole('button', { name: 'CONTINUE TO CARD PAYMENT' })).toBeVisible()
  await snap(page, testInfo, 'refcheck-code-withdrawn')
  expect(await mailbox(request, renter.email)).toEqual([])
})
