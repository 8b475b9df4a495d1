import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import ForgotPasswordPage from './ForgotPasswordPage'
import { apiError, mockApi, renderPage, reply } from '../../../test/utils'

// Typing is slow under a loaded CI machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

async function toStep2(user: ReturnType<typeof userEvent.setup>) {
  const send = await screen.findByRole('button', { name: 'Send Password Reset Code' })
  expect(send).toBeDisabled()
  await user.type(screen.getByLabelText('Email'), 'Ann@Example.com')
  await user.click(send)
  await screen.findByRole('button', { name: 'Confirm' })
}

describe('ForgotPasswordPage', () => {
  it('walks through the three steps', async () => {
    const { post } = mockApi((path) =>
      path === '/api/auth/password-reset/request'
        ? reply(200, { message: 'If the address is registered, a code is on its way.' })
        : reply(200, { message: 'Your password has been reset!' }),
    )
    const user = userEvent.setup({ delay: null })
    renderPage(<ForgotPasswordPage />, { path: '/resetpassword' })
    await toStep2(user)
    expect(screen.getByText('If the address is registered, a code is on its way.')).toBeInTheDocument()
    const confirm = screen.getByRole('button', { name: 'Confirm' })
    expect(confirm).toBeDisabled()
    await user.type(screen.getByLabelText('Reset code'), '123456')
    await user.type(screen.getByLabelText('New password'), 'Abcdef1!')
    expect(confirm).toBeDisabled()
    await user.type(screen.getByLabelText(/^Confirm password/), 'Abcdef1!')
    expect(confirm).toBeEnabled()
    await user.click(confirm)
    expect(await screen.findByRole('heading', { name: 'Your password has been reset!' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/dashboard')
    expect(post).toHaveBeenLastCalledWith('/api/auth/password-reset/confirm', {
      body: { email: 'ann@example.com', code: '123456', password: 'Abcdef1!', confirmPassword: 'Abcdef1!' },
    })
  })

  it('applies the reset password rule before sending', async () => {
    const { post } = mockApi(() => reply(200, { message: 'sent' }))
    const user = userEvent.setup({ delay: null })
    renderPage(<ForgotPasswordPage />, { path: '/resetpassword' })
    await toStep2(user)
    await user.type(screen.getByLabelText('Reset code'), '123456')
    await user.type(screen.getByLabelText('New password'), 'Abcdefgh')
    await user.type(screen.getByLabelText(/^Confirm password/), 'Abcdefgh')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(
      await screen.findByText('Password must have an Uppercase, lowercase, number, special characters an must be at least 8 characters.'),
    ).toBeInTheDocument()
    expect(post).toHaveBeenCalledTimes(1)
  })

  it('sends an unverified account through the confirm-email step and back to step 1', async () => {
    mockApi((path) => {
      if (path === '/api/auth/password-reset/request') return reply(200, { message: 'sent' })
      if (path === '/api/auth/password-reset/confirm') return apiError(409, 'unverified', 'Cannot reset password for the user as there is no registered/verified email or phone_number')
      if (path === '/api/auth/verify') return reply(200, { user: null })
      return apiError(404, 'not_found', 'x')
    })
    const user = userEvent.setup({ delay: null })
    renderPage(<ForgotPasswordPage />, { path: '/resetpassword' })
    await toStep2(user)
    await user.type(screen.getByLabelText('Reset code'), '123456')
    await user.type(screen.getByLabelText('New password'), 'Abcdef1!')
    await user.type(screen.getByLabelText(/^Confirm password/), 'Abcdef1!')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    const verify = await screen.findByRole('button', { name: 'Verify' })
    expect(verify).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument()
    await user.type(screen.getByLabelText('Verification code'), '999999')
    await user.click(verify)
    expect(await screen.findByText(/request the password reset code again/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send Password Reset Code' })).toBeInTheDocument()
  })
})
