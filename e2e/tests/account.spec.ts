// Journey 5: Account Details under /profile (spec 3 "Account" and section 5).
import { expect, test } from '@playwright/test'
import { checkPage, createVerifiedUser, expectWithin, mailCount, newPassword, readCode, signInViaApi, snap } from '../support/helpers'
import { expectShell, expectSignInForm, logout, submitLogin } from '../support/shell'

test.describe('account details', () => {
  test('change the full name', async ({ page, request }, testInfo) => {
    const user = await createVerifiedUser(request, 'acct-name', 'Landlord')
    await signInViaApi(page, user.email, user.password)
    await page.goto('/profile/account')
    await expectShell(page, testInfo)

    await expect(page.getByRole('heading', { name: 'Account Details', level: 1 })).toBeVisible()
    const form = page.getByRole('region', { name: 'Account Details' })
    await expect(form.getByLabel('Email')).toHaveValue(user.email)
    await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '')
    await expect(form.getByRole('button', { name: 'Change Password' })).toBeVisible()
    await expect(form.getByRole('button', { name: 'Delete Account' })).toBeDisabled()
    const name = form.getByLabel('Full Name')
    await expect(name).toHaveValue(user.fullName)
    const save = form.getByRole('button', { name: 'Save Details' })
    // At every width (issue 27): the profile menu's three pills on one line,
    // none sticking out, and the page's title in the header.
    const menu = page.getByRole('navigation', { name: 'Profile menu' })
    const tabs = menu.getByRole('link')
    await expect(tabs).toHaveText(['My Properties', 'Account Details', 'Orders', 'Saved searches'])
    const tops = await tabs.evaluateAll((ls) => ls.map((l) => Math.round(l.getBoundingClientRect().top)))
    expect(new Set(tops).size, `tabs on one line: ${tops}`).toBe(1)
    for (const tab of await tabs.all()) await expectWithin(tab, menu, 'profile tab')
    await expect(page.getByRole('banner').getByText('Profile', { exact: true })).toBeVisible()
    await checkPage(page, testInfo, 'account-details')

    await name.fill('')
    await save.click()
    await expect(form.getByText('full name cannot be empty', { exact: true })).toBeVisible()

    await name.fill('Jane 2 Doe')
    await save.click()
    await expect(form.getByText('Names cannot contain numbers.', { exact: true })).toBeVisible()

    await name.fill(user.fullName)
    await save.click()
    await expect(form.getByText('You have not changed your full name.', { exact: true })).toBeVisible()
    await snap(page, testInfo, 'account-name-error')

    await name.fill('Jane Updated')
    await save.click()
    await expect(form.getByText('Update successful.', { exact: true })).toBeVisible()

    // Stored on the server: a fresh page load shows the new name.
    await page.reload()
    await expect(page.getByRole('region', { name: 'Account Details' }).getByLabel('Full Name')).toHaveValue('Jane Updated')
    const me = await page.request.get('/api/auth/me')
    expect((await me.json()).user.fullName).toBe('Jane Updated')
  })

  test('change the password with the e-mailed code', async ({ page, request }, testInfo) => {
    const user = await createVerifiedUser(request, 'acct-pw')
    await signInViaApi(page, user.email, user.password)
    await page.goto('/profile/account')

    await page.getByRole('region', { name: 'Account Details' }).getByRole('button', { name: 'Change Password' }).click()
    const dialog = page.getByRole('dialog', { name: 'Enter New Password' })
    await expect(dialog).toBeVisible()
    const submit = dialog.getByRole('button', { name: 'Change Password' })

    await submit.click()
    await expect(dialog.getByText('All fields are required.', { exact: true })).toBeVisible()

    const before = await mailCount(request, user.email)
    await dialog.getByRole('button', { name: 'Send code to my email' }).click()
    const code = await readCode(request, user.email, before)
    await expect(dialog.getByRole('button', { name: 'Send the code again' })).toBeVisible()

    await dialog.getByLabel('6 digit code').fill(code)
    await dialog.getByLabel('Password', { exact: true }).fill(newPassword)
    await dialog.getByLabel('Repeat password').fill(newPassword + 'x')
    const hint = dialog.getByText('- Does not match password')
    await expect(hint).toBeVisible()
    expect(await hint.textContent()).toBe(' - Does not match password')
    await checkPage(page, testInfo, 'account-change-password')
    await dialog.getByLabel('Repeat password').fill(newPassword)
    await expect(hint).toBeHidden()
    await submit.click()

    await expect(dialog.getByText('Password changed successfully.', { exact: true })).toBeVisible()
    await snap(page, testInfo, 'account-password-changed')
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(dialog).toBeHidden()

    // Sign out, then only the new password works.
    await logout(page)
    await page.goto('/dashboard')
    await expectSignInForm(page)
    await submitLogin(page, user.email, user.password)
    await expect(page.getByRole('region', { name: 'Welcome back' }).getByText('- One or more fields are incorrect')).toHaveCount(2)
    await submitLogin(page, user.email, newPassword)
    await expectShell(page, testInfo)
  })
})
