import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import LoginPage from './LoginPage'
import { apiError, mockApi, renderPage, reply, sampleUser } from '../../../test/utils'

// Typing is slow under a loaded CI machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('LoginPage', () => {
  it('lowercases the e-mail and marks both fields on wrong credentials', async () => {
    const { post } = mockApi(() => apiError(401, 'invalid_credentials', ' - One or more fields are incorrect'))
    const user = userEvent.setup({ delay: null })
    renderPage(<LoginPage />)
    await user.type(await screen.findByLabelText('Email'), 'Ann@Example.COM')
    await user.type(screen.getByLabelText('Password'), 'secret')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findAllByText('- One or more fields are incorrect')).toHaveLength(2)
    expect(document.querySelector('label[for="login-email"]')!.textContent).toBe('Email - One or more fields are incorrect')
    expect(document.querySelector('label[for="login-password"]')!.textContent).toBe('Password - One or more fields are incorrect')
    expect(post).toHaveBeenCalledWith('/api/auth/login', { body: { email: 'ann@example.com', password: 'secret' } })
  })

  it('has the links of the sign-in form', async () => {
    mockApi(() => reply(200, {}))
    renderPage(<LoginPage />)
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/resetpassword')
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register')
  })

  it('confirms an unconfirmed account, then returns to the login form', async () => {
    const { post } = mockApi((path) => {
      if (path === '/api/auth/login') return apiError(403, 'unconfirmed', 'User is not confirmed.')
      if (path === '/api/auth/verify') return reply(200, { user: null })
      return apiError(404, 'not_found', 'x')
    })
    const user = userEvent.setup({ delay: null })
    renderPage(<LoginPage />)
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'Abcdef1!')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    const confirm = await screen.findByRole('button', { name: 'Confirm Sign Up' })
    expect(confirm).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument()
    await user.type(screen.getByLabelText('Verification code'), '654321')
    await user.click(confirm)
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument()
    expect(screen.getByText('Your account has been confirmed. Please log in.')).toBeInTheDocument()
    expect(post).toHaveBeenLastCalledWith('/api/auth/verify', { body: { email: 'ann@example.com', code: '654321', signIn: false } })
  })

  it('signs in and returns to the page the user came from', async () => {
    mockApi(() => reply(200, { user: sampleUser }))
    const user = userEvent.setup({ delay: null })
    renderPage(<LoginPage />, { path: '/dashboard-login', initialEntries: [{ pathname: '/dashboard-login', state: { from: '/after' } }] })
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'Abcdef1!')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('After at /after for Ann Example')).toBeInTheDocument()
  })
})
