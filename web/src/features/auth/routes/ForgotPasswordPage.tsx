// /resetpassword (spec 1 section 2.5): 1 request a code by e-mail, 2 enter the
// code and a new password, 3 done. An unverified account is sent through the
// confirm-email step first, then back to step 1 to request the code again.
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'

import { CircleCheck } from 'lucide-react'
import { usePasswordResetConfirm, usePasswordResetRequest } from '../api/passwordReset'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { AuthCard } from '../components/AuthUi'
import { CodeVerifyForm } from '../components/CodeVerifyForm'
import { CodePasswordFields } from '../components/CodePasswordFields'
import {
  PASSWORD_RESET_DONE,
  issuesByField,
  normaliseEmail,
  resetConfirmSchema,
  resetRequestSchema,
} from '../passwordRules'
import { errorCode, errorFields, errorMessage } from '../../../lib/errors'

type Step = 'request' | 'reset' | 'verify' | 'done'
export const EMAIL_VERIFIED_REQUEST_AGAIN = 'Your email has been verified. Please request the password reset code again.'

export default function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>('request')
  const [email, setEmail] = useState('')
  const [note, setNote] = useState('')

  if (step === 'done') {
    return (
      <AuthCard title={PASSWORD_RESET_DONE}>
        <div className="auth-done">
          <CircleCheck aria-hidden size={56} />
          <p>You can now log in with your new password.</p>
          <Link className="button button--block" to="/dashboard">
            Sign in
          </Link>
        </div>
      </AuthCard>
    )
  }

  if (step === 'verify') {
    return (
      <AuthCard
        title="Confirm your email"
        intro={
          <p>
            Your email address has not been verified yet. Enter the 6 digit code we sent to <strong>{email}</strong>.
          </p>
        }
      >
        <CodeVerifyForm
          email={email}
          submitLabel="Verify"
          signIn={false}
          idPrefix="reset-verify"
          onVerified={() => {
            setNote(EMAIL_VERIFIED_REQUEST_AGAIN)
            setStep('request')
          }}
        />
      </AuthCard>
    )
  }

  if (step === 'reset') {
    return (
      <ResetStep
        email={email}
        note={note}
        onDone={() => setStep('done')}
        onUnverified={() => {
          setNote('')
          setStep('verify')
        }}
        onBack={() => {
          setNote('')
          setStep('request')
        }}
      />
    )
  }

  return (
    <RequestStep
      email={email}
      setEmail={setEmail}
      note={note}
      onSent={(message) => {
        setNote(message)
        setStep('reset')
      }}
    />
  )
}

function RequestStep({
  email,
  setEmail,
  note,
  onSent,
}: {
  email: string
  setEmail: (v: string) => void
  note: string
  onSent: (message: string) => void
}) {
  const [error, setError] = useState('')
  const [emailError, setEmailError] = useState('')
  const request = usePasswordResetRequest({
    onSuccess: (data) => onSent(data.message),
    onError: (e) => {
      const f = errorFields(e)
      if (f.email) setEmailError(f.email)
      else setError(errorMessage(e))
    },
  })

  function submit(e: FormEvent) {
    e.preventDefault()
    if (request.isPending || !email.trim()) return
    setError('')
    const parsed = resetRequestSchema.safeParse({ email })
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0].message)
      return
    }
    setEmailError('')
    const normalised = normaliseEmail(email)
    setEmail(normalised)
    request.mutate(normalised)
  }

  return (
    <AuthCard
      title="Reset your password"
      intro={<p>Enter the email address of your account and we will send you a code to reset your password.</p>}
    >
      <form onSubmit={submit} noValidate>
        <FormMessage kind="success">{note}</FormMessage>
        <FormMessage kind="error">{error}</FormMessage>
        <Field id="reset-email" label="Email" error={emailError}>
          <input
            id="reset-email"
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={describedBy('reset-email', { error: emailError })}
            onChange={(e) => {
              setEmail(e.target.value)
              setEmailError('')
            }}
          />
        </Field>
        <button type="submit" className="button button--block" disabled={!email.trim() || request.isPending} aria-busy={request.isPending}>
          {request.isPending ? <ButtonSpinner /> : null}
          Send Password Reset Code
        </button>
      </form>
      <p className="auth-alt">
        Remembered it? <Link to="/dashboard">Back to login</Link>
      </p>
    </AuthCard>
  )
}

function ResetStep({
  email,
  note,
  onDone,
  onUnverified,
  onBack,
}: {
  email: string
  note: string
  onDone: () => void
  onUnverified: () => void
  onBack: () => void
}) {
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState('')
  const [info, setInfo] = useState(note)

  const confirm = usePasswordResetConfirm(() => ({ email, code, password, confirmPassword }), {
    onSuccess: () => onDone(),
    onError: (e) => {
      if (errorCode(e) === 'unverified') {
        onUnverified()
        return
      }
      const f = errorFields(e)
      if (Object.keys(f).length) setErrors(f)
      else if (errorCode(e).startsWith('code_')) setErrors({ code: errorMessage(e) })
      else setError(errorMessage(e))
    },
  })
  const resend = usePasswordResetRequest({
    onSuccess: (data) => setInfo(data.message),
    onError: (e) => setError(errorMessage(e)),
  })

  const canConfirm = Boolean(code && password && password === confirmPassword) && !confirm.isPending

  function submit(e: FormEvent) {
    e.preventDefault()
    if (confirm.isPending || !canConfirm) return
    setError('')
    const parsed = resetConfirmSchema.safeParse({ code, password, confirmPassword })
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error))
      return
    }
    setErrors({})
    confirm.mutate()
  }

  return (
    <AuthCard
      title="Reset your password"
      intro={
        <p>
          Enter the 6 digit code sent to <strong>{email}</strong> and choose a new password.
        </p>
      }
    >
      <form onSubmit={submit} noValidate>
        <FormMessage kind="info">{info}</FormMessage>
        <FormMessage kind="error">{error}</FormMessage>
        <CodePasswordFields
          idPrefix="reset"
          codeLabel="Reset code"
          passwordLabel="New password"
          confirmLabel="Confirm password"
          values={{ code, password, confirmPassword }}
          errors={errors}
          onChange={(field, v) => {
            ;({ code: setCode, password: setPassword, confirmPassword: setConfirmPassword })[field](v)
            setErrors(({ [field]: _cleared, ...rest }) => rest)
          }}
        />
        <button type="submit" className="button button--block" disabled={!canConfirm} aria-busy={confirm.isPending}>
          {confirm.isPending ? <ButtonSpinner /> : null}
          Confirm
        </button>
        <div className="auth-links">
          <button type="button" className="link-button" disabled={resend.isPending} onClick={() => !resend.isPending && resend.mutate(email)}>
            {resend.isPending ? 'Resending...' : 'Resend code'}
          </button>
          <button type="button" className="link-button" onClick={onBack}>
            Use a different email
          </button>
        </div>
      </form>
    </AuthCard>
  )
}
