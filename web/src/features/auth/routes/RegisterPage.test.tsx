import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import RegisterPage from './RegisterPage'
import { apiError, mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'

beforeAll(polyfillDialog)
// Typing is slow under a loaded CI machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const continueButton = () => screen.getByRole('button', { name: 'Continue' })

async function fillValid(user: ReturnType<typeof userEvent.setup>, opts: { type?: boolean; terms?: boolean } = {}) {
  if (opts.type !== false) await user.click(screen.getByRole('button', { name: /Landlord/ }))
  await user.type(screen.getByLabelText('Full name'), 'Ann Example')
  await user.type(screen.getByLabelText('Email'), 'Ann@Example.com')
  await user.type(screen.getByLabelText('Password'), 'Abcdef1!')
  await user.type(screen.getByLabelText(/^Repeat password/), 'Abcdef1!')
  if (opts.terms !== false) await user.click(screen.getByRole('checkbox'))
}

describe('RegisterPage', () => {
  it('keeps Continue disabled until every condition holds', async () => {
    mockApi(() => reply(200, {}))
    const user = userEvent.setup({ delay: null })
    renderPage(<RegisterPage />, { path: '/register' })
    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeInTheDocument()
    expect(continueButton()).toBeDisabled()
    expect(screen.getByText('Kindly select either landlord or tenant')).toBeInTheDocument()

    await fillValid(user, { type: false, terms: false })
    expect(continueButton()).toBeDisabled()

    await user.click(screen.getByRole('checkbox'))
    expect(continueButton()).toBeDisabled() // still no user type

    await user.click(screen.getByRole('button', { name: /Tenant/ }))
    expect(screen.queryByText('Kindly select either landlord or tenant')).not.toBeInTheDocument()
    expect(continueButton()).toBeEnabled()

    // Clicking the chosen tile again deselects it.
    await user.click(screen.getByRole('button', { name: /Tenant/ }))
    expect(screen.getByRole('button', { name: /Tenant/ })).toHaveAttribute('aria-pressed', 'false')
    expect(continueButton()).toBeDisabled()
  })

  it('shows the live mismatch hint on the repeat field', async () => {
    mockApi(() => reply(200, {}))
    const user = userEvent.setup({ delay: null })
    renderPage(<RegisterPage />, { path: '/register' })
    await fillValid(user)
    expect(continueButton()).toBeEnabled()
    await user.type(screen.getByLabelText(/^Repeat password/), 'x')
    const label = document.querySelector('label[for="reg-confirm"]')!
    expect(label.textContent).toBe('Repeat password - Does not match password')
    expect(continueButton()).toBeDisabled()
  })

  it('explains the terms box when it is the only thing missing', async () => {
    mockApi(() => reply(200, {}))
    const user = userEvent.setup({ delay: null })
    renderPage(<RegisterPage />, { path: '/register' })
    await fillValid(user, { terms: false })
    expect(screen.getByText('Kindly agree to our Terms of Service and Privacy Policy to continue.')).toBeInTheDocument()
  })

  it('blocks a weak password with the rule message and sends nothing', async () => {
    const { post } = mockApi(() => reply(201, { email: 'x' }))
    const user = userEvent.setup({ delay: null })
    renderPage(<RegisterPage />, { path: '/register' })
    await user.click(screen.getByRole('button', { name: /Landlord/ }))
    await user.type(screen.getByLabelText('Full name'), 'Ann')
    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'weakpass')
    await user.type(screen.getByLabelText(/^Repeat password/), 'weakpass')
    await user.click(screen.getByRole('checkbox'))
    await user.click(continueButton())
    expect(
      screen.getByText('Password must have an Uppercase, lowercase, number, special characters an must be at least 8 characters.'),
    ).toBeInTheDocument()
    expect(post).not.toHaveBeenCalled()
  })

  it('shows server field errors next to their fields', async () => {
    mockApi(() => apiError(409, 'email_taken', 'An account with the given email already exists.', { email: 'An account with the given email already exists.' }))
    const user = userEvent.setup({ delay: null })
    renderPage(<RegisterPage />, { path: '/register' })
    await fillValid(user)
    await user.click(continueButton())
    expect(await screen.findByText('An account with the given email already exists.')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
  })

  it('registers, verifies the code and opens the dashboard', async () => {
    const calls: Array<[string, unknown]> = []
    mockApi((path, init) => {
      calls.push([path, init?.body])
      if (path === '/api/auth/register') return reply(201, { email: 'ann@example.com' })
      if (path === '/api/auth/resend-code') return reply(200, { message: 'Code has been resent successfully!' })
      if (path === '/api/auth/verify') return reply(200, { user: sampleUser })
      return reply(404, {})
    })
    const user = userEvent.setup({ delay: null })
    renderPage(<RegisterPage />, { path: '/register' })
    await fillValid(user)
    await user.click(continueButton())

    expect(await screen.findByRole('heading', { name: 'Verify Account' })).toBeInTheDocument()
    expect(calls[0]).toEqual([
      '/api/auth/register',
      {
        fullName: 'Ann Example',
        email: 'ann@example.com',
        password: 'Abcdef1!',
        confirmPassword: 'Abcdef1!',
        userType: 'Landlord',
        acceptTerms: true,
      },
    ])
    const code = screen.getByLabelText('Verification code')
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Resend code' }))
    expect(await screen.findByText('Code has been resent successfully!')).toBeInTheDocument()

    await user.type(code, '12a3456')
    expect(code).toHaveValue('123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Dashboard at /dashboard for Ann Example')).toBeInTheDocument()
    expect(calls.at(-1)).toEqual(['/api/auth/verify', { email: 'ann@example.com', code: '123456', signIn: true }])
  })

  it('offers help when no code arrived', async () => {
    mockApi((path) => (path === '/api/auth/register' ? reply(201, { email: 'ann@example.com' }) : apiError(404, 'not_found', 'x')))
    const user = userEvent.setup({ delay: null })
    renderPage(<RegisterPage />, { path: '/register' })
    await fillValid(user)
    await user.click(continueButton())
    await user.click(await screen.findByRole('button', { name: 'I did not receive a code' }))
    const link = await screen.findByRole('link', { name: 'Email support' })
    expect(link.getAttribute('href')).toBe('mailto:support@omnirent.co.uk?subject=No%20Verification%20Code')
    expect(screen.getByText(/spam/)).toBeInTheDocument()
  })
})
