// /resetpassword (spec 1 section 2.5): 1 request a code by e-mail, 2 enter the
// code and a new password, 3 done. An unverified account is sent through the
// confirm-email step first, then back to step 1 to request the code again.
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'

import { CircleCheck } from 'lucide-react'
import { usePasswordResetConfirm, usePasswordResetRequest } from '../api/passwordReset'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { AuthCard } from '../components/AuthUi'
import { CodeVerifyForm } from '../components/CodeVerifyForm'
import { CodePasswordFields } from '../components/CodePasswordFields'
import {
  PASSWORD_RESET_DONE,
  normaliseEmail,
  resetConfirmSchema,
  resetRequestSchema,
  type ResetConfirmForm,
  type ResetRequestForm,
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
  // The e-mail error shows from a submit (or the server) and clears as the box is edited.
  const form = useForm<ResetRequestForm>({
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const { errors } = form.formState
  const value = form.watch('email')
  const request = usePasswordResetRequest({
    onSuccess: (data) => onSent(data.message),
    onError: (e) => {
      const f = errorFields(e)
      if (f.email) form.setError('email', { message: f.email })
      else form.setError('root', { message: errorMessage(e) })
    },
  })

  const requestCode = form.handleSubmit(() => {
    const normalised = normaliseEmail(form.getValues('email'))
    form.setValue('email', normalised)
    setEmail(normalised)
    request.mutate(normalised)
  })

  function submit(e: FormEvent) {
    e.preventDefault()
    if (request.isPending || !value.trim()) return
    void requestCode(e)
  }

  return (
    <AuthCard
      title="Reset your password"
      intro={<p>Enter the email address of your account and we will send you a code to reset your password.</p>}
    >
      <form onSubmit={submit} noValidate>
        <FormMessage kind="success">{note}</FormMessage>
        <FormMessage kind="error">{errors.root?.message}</FormMessage>
        <Field id="reset-email" label="Email" error={errors.email?.message}>
          <input
            id="reset-email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('reset-email', { error: errors.email })}
            {...form.register('email', { onChange: () => form.clearErrors('email') })}
          />
        </Field>
        <button type="submit" className="button button--block" disabled={!value.trim() || request.isPending} aria-busy={request.isPending}>
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
  // Errors show from a submit (or the server) and clear as their field is edited.
  const form = useForm<ResetConfirmForm>({
    resolver: zodResolver(resetConfirmSchema),
    defaultValues: { code: '', password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const { errors } = form.formState
  const { code, password, confirmPassword } = form.watch()
  const [info, setInfo] = useState(note)

  const confirm = usePasswordResetConfirm(() => ({ email, ...form.getValues() }), {
    onSuccess: () => onDone(),
    onError: (e) => {
      if (errorCode(e) === 'unverified') {
        onUnverified()
        return
      }
      // The server's field errors replace those shown; a wrong code is the code's error.
      const f = errorFields(e)
      if (Object.keys(f).length) {
        form.clearErrors(['code', 'password', 'confirmPassword'])
        for (const [key, message] of Object.entries(f)) form.setError(key as keyof ResetConfirmForm, { message })
      } else if (errorCode(e).startsWith('code_')) {
        form.clearErrors(['code', 'password', 'confirmPassword'])
        form.setError('code', { message: errorMessage(e) })
      } else form.setError('root', { message: errorMessage(e) })
    },
  })
  const resend = usePasswordResetRequest({
    onSuccess: (data) => setInfo(data.message),
    onError: (e) => form.setError('root', { message: errorMessage(e) }),
  })

  const canConfirm = Boolean(code && password && password === confirmPassword) && !confirm.isPending

  const confirmReset = form.handleSubmit(() => confirm.mutate())

  function submit(e: FormEvent) {
    e.preventDefault()
    if (confirm.isPending || !canConfirm) return
    void confirmReset(e)
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
        <FormMessage kind="error">{errors.root?.message}</FormMessage>
        <CodePasswordFields
          idPrefix="reset"
          codeLabel="Reset code"
          passwordLabel="New password"
          confirmLabel="Confirm password"
          form={form}
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
