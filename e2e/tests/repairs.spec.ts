// Issue 44, repairs: the demo tenant reports a leak on a phone (the gas
// answer's safety advice comes first; a report without a description gets
// the server's message beside the field and keeps what was typed); the demo
// landlord sees it across their properties with the same deadline, triages
// it and writes a message; the tenant sees the message and the new status.
import { expect, test } from '@playwright/test'
import { baseURL, checkPage, demo, isPhone, signInViaApi } from '../support/helpers'
import { mainMenu } from '../support/shell'

test('a tenant reports a leak, the landlord triages it and writes, the tenant sees both @phone', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000)
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`
  const description = `Water drips through the bathroom ceiling (${tag})`

  // The tenant: from their home's "Report a repair".
  await signInViaApi(page, demo.tenant.email, demo.tenant.password)
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Report a repair' }).click()
  await expect(page).toHaveURL(/\/maintenance\/report$/)
  await expect(page.getByRole('heading', { name: 'Report a repair', level: 1 })).toBeVisible()

  // A smell of gas shows what to do now, first.
  await page.getByLabel('What is the problem about?').selectOption({ label: 'Gas' })
  await page.getByRole('radio', { name: 'I can smell gas' }).check()
  const safety = page.getByRole('alert').filter({ hasText: 'Safety first' })
  await expect(safety).toContainText('If you smell gas, act now')
  await expect(safety.getByRole('link', { name: '0800 111 999' })).toBeVisible()
  await expect(page.getByText('This report will be recorded as an emergency.')).toBeVisible()
  await checkPage(page, testInfo, 'repair-report-gas-safety')

  // The leak.
  await page.getByLabel('What is the problem about?').selectOption({ label: 'Water and leaks' })
  await expect(safety).toHaveCount(0)
  await page.getByRole('group', { name: 'What is happening?' }).getByRole('radio', { name: 'Water coming through a ceiling' }).check()
  await page.getByRole('radio', { name: 'Yes, it has stopped' }).check()
  await page.getByLabel('Room or part of the home').selectOption('Bathroom')
  await page.getByLabel(/When are you available/).fill('Weekdays after 4pm')
  await page.getByRole('radio', { name: 'Yes', exact: true }).check()
  // Sent without a description: the server's message beside the field, nothing lost.
  await page.getByRole('button', { name: 'Send the report' }).click()
  await expect(page.getByText('Please describe the problem.').first()).toBeVisible()
  await expect(page.getByLabel('Describe the problem')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel(/When are you available/)).toHaveValue('Weekdays after 4pm')
  await expect(page.getByLabel('Room or part of the home')).toHaveValue('Bathroom')
  await checkPage(page, testInfo, 'repair-report-error')
  await page.getByLabel('Describe the problem').fill(description)
  await page.getByRole('button', { name: 'Send the report' }).click()

  await expect(page).toHaveURL(/\/maintenance\/[^/]+$/)
  const repairPath = new URL(page.url()).pathname
  await expect(page.getByText(/Your report was sent/)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Water and leaks: Bathroom', level: 1 })).toBeVisible()
  const clock = page.getByRole('region', { name: 'Deadlines' })
  const firstDue = clock.locator('.rp-clock__label strong').first()
  await expect(firstDue).toHaveText(/ by (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4}$/)
  const due = (await firstDue.textContent())!
  await expect(page.getByRole('region', { name: 'The report' })).toContainText(description)
  await expect(page.getByRole('region', { name: 'History' })).toContainText('reported the repair')
  await checkPage(page, testInfo, 'repair-tenant-reported')

  // The landlord, on their own device of the same size.
  const ctx = await browser.newContext({ baseURL, viewport: page.viewportSize()!, hasTouch: isPhone(testInfo) })
  const lord = await ctx.newPage()
  await signInViaApi(lord, demo.landlord.email, demo.landlord.password)
  await lord.goto('/dashboard')
  await (await mainMenu(lord, testInfo)).getByRole('link', { name: 'Maintenance' }).click()
  await expect(lord).toHaveURL(/\/maintenance$/)
  const card = lord.locator('li.rp-card').filter({ has: lord.locator(`a[href="${repairPath}"]`) })
  await expect(card).toContainText('Reported')
  await expect(card).toContainText(due)
  await expect(card).toContainText(/\((legal deadline|target)\)/)
  await checkPage(lord, testInfo, 'repairs-landlord-list')
  await card.getByRole('link').click()
  await expect(lord.getByRole('region', { name: 'Deadlines' })).toContainText(due) // the same clock
  await expect(lord.getByRole('region', { name: 'The report' })).toContainText(description)

  // Triage: an emergency (the water is above the light), which needs a note.
  await lord.getByRole('radio', { name: 'Triage', exact: true }).check()
  await lord.getByLabel('Priority').selectOption('emergency')
  await lord.getByLabel('Note', { exact: true }).fill('The ceiling light is below the leak.')
  await lord.getByRole('button', { name: 'Triage', exact: true }).click()
  await expect(lord.locator('.rp-meta')).toContainText('Triaged')
  await expect(lord.locator('.rp-meta')).toContainText('Emergency')

  const message = `A plumber will call you today (${tag}).`
  await lord.getByLabel('Message to the tenant').fill(message)
  await lord.getByRole('button', { name: 'Send the message' }).click()
  await expect(lord.getByRole('region', { name: 'Messages' })).toContainText(message)
  await expect(lord.getByLabel('Message to the tenant')).toHaveValue('')
  await expect(lord.getByText('Cannot meet this deadline?')).toBeVisible()
  await checkPage(lord, testInfo, 'repair-landlord-page')
  await ctx.close()

  // The tenant sees the message and the status.
  await page.reload()
  await expect(page.locator('.rp-meta')).toContainText('Triaged', { timeout: 30_000 }) // a busy machine reloads slowly
  await expect(page.getByRole('region', { name: 'Messages' })).toContainText(message)
  await expect(page.getByRole('region', { name: 'History' })).toContainText(message)
  await checkPage(page, testInfo, 'repair-tenant-triaged')
  await page.locator('a.rp-back').click()
  await expect(page).toHaveURL(/\/maintenance$/)
  const mine = page.locator('li.rp-card').filter({ has: page.locator(`a[href="${repairPath}"]`) })
  await expect(mine).toContainText('Triaged')
  await checkPage(page, testInfo, 'repairs-tenant-list')
})

// A report made in Scotland before St Andrew's Day: the landlord logs the
// tenant's e-mail about mould with the moment they read it (Friday 27
// November 2026, 16:00). Scotland's damp and mould rules (from 6 October
// 2026) give 10 working days to have it investigated, counted on
// Scotland's bank holidays: Monday 30 November is one, so the day is
// Monday 14 December, not Friday 11 December as England's calendar would
// give. Both the label and the bank holiday it passed over are shown.
test('a Scottish damp report logged by the landlord counts 10 working days over St Andrew\'s Day @phone', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`
  await signInViaApi(page, demo.landlord.email, demo.landlord.password)
  await page.goto('/maintenance/report')
  await expect(page.getByRole('heading', { name: 'Log a repair', level: 1 })).toBeVisible()
  const property = page.getByLabel('Property', { exact: true })
  await property.selectOption({ label: (await property.locator('option', { hasText: 'Edinburgh' }).first().textContent())! })
  await page.getByLabel('When you were told (UK time)').fill('2026-11-27T16:00')
  await page.getByLabel('How', { exact: true }).selectOption({ label: 'an e-mail' })
  await page.getByLabel('The original message or a note of the call').fill(`From the tenant: black mould behind the bedroom wardrobe (${tag}).`)
  await page.getByLabel('What is the problem about?').selectOption({ label: 'Damp and mould' })
  await page.getByRole('group', { name: 'Where is the damp or mould?' }).getByRole('radio', { name: 'In one room' }).check()
  await page.getByRole('group', { name: 'How large is the affected area?' }).getByRole('radio', { name: 'Larger than a sheet of A4 paper' }).check()
  await page.getByRole('group', { name: /Is anyone's health affected/ }).getByRole('radio', { name: 'No', exact: true }).check()
  await page.getByLabel('Room or part of the home').selectOption('Bedroom')
  await page.getByLabel('Describe the problem').fill(`Black mould on the wall behind the wardrobe, spreading (${tag}).`)
  await page.getByRole('button', { name: /Log the repair|Send the report/ }).click()

  await expect(page).toHaveURL(/\/maintenance\/[^/]+$/)
  const clock = page.getByRole('region', { name: 'Deadlines' })
  const investigate = clock.locator('li').filter({ hasText: 'Investigate by' })
  await expect(investigate.locator('.rp-clock__label strong')).toHaveText('Investigate by Mon 14 Dec 2026')
  await expect(investigate).toContainText('10 working days')
  await expect(investigate).toContainText("St Andrew's Day (Mon 30 Nov 2026)")
  await expect(investigate).toContainText('Legal')
  await checkPage(page, testInfo, 'repair-scottish-damp-clock')
})
