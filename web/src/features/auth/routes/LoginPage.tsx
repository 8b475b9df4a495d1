// /dashboard when signed out (spec 1 section 2.3): e-mail and password, links
// to password reset and registration, a spinner on Login while submitting.
// An unconfirmed account switches to the confirmation-code form; once
// confirmed the login form returns.
import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useAuth } from '../../../lib/auth'
import { ButtonSpinner, Field, FormMessage, PasswordInput } from '../../../components/Form'
import { AuthCard } from '../components/AuthUi'
import { CodeVerifyForm } from '../components/CodeVerifyForm'
import { INCORRECT_FIELDS, loginSchema, normaliseEmail, type LoginForm } from '../passwordRules'
import { errorCode, errorMessage } from '../../../lib/errors'
import { useLogin } from '../api/login'

export const ACCOUNT_CONFIRMED = 'Your account has been confirmed. Please log in.'

export default function LoginPage() {
  const { setUser } = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const from = (location.state as { from?: string } | null)?.from

  const [stage, setStage] = useState<'login' | 'confirm'>('login')
  const [note, setNote] = useState('')
  const form = useForm<LoginForm>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } })
  const { errors } = form.formState
  const email = form.watch('email')
  const login = useLogin()

  const submit = form.handleSubmit((v) => {
    if (login.isPending) return
    setNote('')
    login.mutate(
      { email: normaliseEmail(v.email), password: v.password },
      {
        onSuccess: (data) => {
          setUser(data.user)
          if (from && from !== location.pathname) navigate(from, { replace: true })
        },
        onError: (e) => {
          const code = errorCode(e)
          if (code === 'invalid_credentials') {
            form.setError('email', { message: INCORRECT_FIELDS })
            form.setError('password', { message: INCORRECT_FIELDS })
          } else if (code === 'unconfirmed') {
            setStage('confirm')
          } else {
            form.setError('root', { message: errorMessage(e) })
          }
        },
      },
    )
  })

  if (stage === 'confirm') {
    return (
      <AuthCard
        title="Confirm your account"
        intro={
          <p>
            Your account is not confirmed yet. Enter the 6 digit code we sent to <strong>{normaliseEmail(email)}</strong>.
          </p>
        }
      >
        <CodeVerifyForm
          email={normaliseEmail(email)}
          submitLabel="Confirm Sign Up"
          signIn={false}
          idPrefix="confirm"
          onVerified={() => {
            form.setValue('password', '')
            setNote(ACCOUNT_CONFIRMED)
            setStage('login')
          }}
          footer={
            <button type="button" className="link-button" onClick={() => setStage('login')}>
              Back to login
            </button>
          }
        />
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Welcome back" intro={<p>Log in to your OmniRent account.</p>}>
      <form onSubmit={submit} noValidate>
        <FormMessage kind="success">{note}</FormMessage>
        <FormMessage kind="error">{errors.root?.message}</FormMessage>
        <Field id="login-email" label="Email" note={errors.email?.message} tone={errors.email ? 'warning' : undefined}>
          <input
            id="login-email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={errors.email ? true : undefined}
            {...form.register('email')}
          />
        </Field>
        <Field
          id="login-password"
          label="Password"
          note={errors.password?.message}
          tone={errors.password ? 'warning' : undefined}
        >
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            {...form.register('password')}
          />
        </Field>
        <div className="auth-row">
          <Link to="/resetpassword">Forgot your password?</Link>
        </div>
        <button type="submit" className="button button--block" disabled={login.isPending} aria-busy={login.isPending}>
          {login.isPending ? <ButtonSpinner /> : null}
          Login
        </button>
      </form>
      <p className="auth-alt">
        New to OmniRent?{' '}
        <Link to="/register" state={from ? { from } : undefined}>
          Register
        </Link>
      </p>
    </AuthCard>
  )
}
