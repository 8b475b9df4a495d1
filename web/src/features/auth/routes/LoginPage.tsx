// /dashboard when signed out (spec 1 section 2.3): e-mail and password, links
// to password reset and registration, a spinner on Login while submitting.
// An unconfirmed account switches to the confirmation-code form; once
// confirmed the login form returns.
import { useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { useAuth } from '../../../lib/auth'
import { ButtonSpinner, Field, FormMessage, PasswordInput } from '../../../components/Form'
import { AuthCard } from '../components/AuthUi'
import { CodeVerifyForm } from '../components/CodeVerifyForm'
import { INCORRECT_FIELDS, loginSchema, normaliseEmail } from '../passwordRules'
import { errorCode, errorMessage } from '../../../lib/errors'

export const ACCOUNT_CONFIRMED = 'Your account has been confirmed. Please log in.'

export default function LoginPage() {
  const { setUser } = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const from = (location.state as { from?: string } | null)?.from

  const [stage, setStage] = useState<'login' | 'confirm'>('login')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [bad, setBad] = useState<{ email: boolean; password: boolean }>({ email: false, password: false })
  const [error, setError] = useState('')
  const [note, setNote] = useState('')

  const login = useMutation({
    mutationFn: (body: { email: string; password: string }) => unwrap(api.POST('/api/auth/login', { body })),
    onSuccess: (data) => {
      setUser(data.user)
      if (from && from !== location.pathname) navigate(from, { replace: true })
    },
    onError: (e) => {
      const code = errorCode(e)
      if (code === 'invalid_credentials') {
        setBad({ email: true, password: true })
      } else if (code === 'unconfirmed') {
        setStage('confirm')
      } else {
        setError(errorMessage(e))
      }
    },
  })

  function submit(e: FormEvent) {
    e.preventDefault()
    if (login.isPending) return
    setError('')
    setNote('')
    const parsed = loginSchema.safeParse({ email, password })
    if (!parsed.success) {
      setBad({ email: !email.trim(), password: !password })
      return
    }
    setBad({ email: false, password: false })
    login.mutate({ email: normaliseEmail(email), password })
  }

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
            setPassword('')
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
        <FormMessage kind="error">{error}</FormMessage>
        <Field id="login-email" label="Email" note={bad.email ? INCORRECT_FIELDS : undefined} tone={bad.email ? 'warning' : undefined}>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            aria-invalid={bad.email || undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field
          id="login-password"
          label="Password"
          note={bad.password ? INCORRECT_FIELDS : undefined}
          tone={bad.password ? 'warning' : undefined}
        >
          <PasswordInput
            id="login-password"
            name="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={bad.password || undefined}
            onChange={(e) => setPassword(e.target.value)}
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
        New to OmniRent? <Link to="/register">Register</Link>
      </p>
    </AuthCard>
  )
}
