// /register (spec 1 section 2.4): pick Tenant or Landlord, fill the form, tick
// the terms box, then confirm the 6 digit code e-mailed on the Verify Account
// stage. Verifying signs the user in and opens /dashboard.
import { useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'

import { Building2, KeyRound } from 'lucide-react'
import { useRegister } from '../api/register'
import { useAuth } from '../../../lib/auth'
import { useSiteInfo } from '../../../lib/site'
import { Dialog } from '../../../components/Dialog'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { AuthCard } from '../components/AuthUi'
import { CodeVerifyForm } from '../components/CodeVerifyForm'
import { NewPasswordFields } from '../components/NewPasswordFields'
import { LegalDialog, type LegalDoc } from '../../legal/components/LegalDialog'
import {
  PASSWORD_RULE_MESSAGE,
  TERMS_REQUIRED,
  USER_TYPE_REQUIRED,
  isValidSignUpPassword,
  normaliseEmail,
  registerSchema,
  type RegisterForm as RegisterValues,
} from '../passwordRules'
import { errorFields, errorMessage } from '../../../lib/errors'

export const FALLBACK_SUPPORT_EMAIL = 'support@omnirent.co.uk'

export default function RegisterPage() {
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null)
  if (verifyEmail) return <VerifyAccount email={verifyEmail} />
  return <RegisterForm onRegistered={setVerifyEmail} />
}

function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  // Errors show from a submit (or the server) and clear as their field is
  // edited; the password rule also shows when the password box is left.
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { userType: '', fullName: '', email: '', password: '', confirmPassword: '', acceptTerms: false },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const { errors } = form.formState
  const { userType, fullName, email, password, confirmPassword, acceptTerms } = form.watch()
  const [legal, setLegal] = useState<LegalDoc>(null)

  const register = useRegister(
    () => {
      const v = form.getValues()
      return {
        fullName: v.fullName.trim(),
        email: normaliseEmail(v.email),
        password: v.password,
        confirmPassword: v.confirmPassword,
        userType: v.userType as 'Landlord' | 'Tenant',
        acceptTerms: v.acceptTerms,
      }
    },
    {
      onSuccess: (data) => onRegistered(data.email || normaliseEmail(form.getValues('email'))),
      onError: (e) => {
        const fields = errorFields(e)
        if (Object.keys(fields).length) {
          // The server's field errors replace any shown.
          form.clearErrors()
          for (const [key, message] of Object.entries(fields)) form.setError(key as keyof RegisterValues, { message })
        } else form.setError('root', { message: errorMessage(e) })
      },
    },
  )

  const filled = Boolean(fullName.trim() && email.trim() && password && confirmPassword)
  const mismatch = confirmPassword !== '' && password !== confirmPassword
  const canContinue = filled && !mismatch && userType !== '' && acceptTerms && !register.isPending

  const registerAccount = form.handleSubmit(() => register.mutate())

  function submit(e: FormEvent) {
    e.preventDefault()
    if (register.isPending) return
    void registerAccount(e)
  }

  const termsHint = !acceptTerms && filled && !mismatch && userType !== '' ? TERMS_REQUIRED : ''

  return (
    <AuthCard title="Create an account" intro={<p>Join OmniRent: renting made simple for landlords and tenants.</p>}>
      <form onSubmit={submit} noValidate>
        <FormMessage kind="error">{errors.root?.message}</FormMessage>

        <fieldset className="type-tiles" aria-describedby={userType ? undefined : 'user-type-hint'}>
          <legend>I am a</legend>
          <div className="type-tiles__row">
            {(
              [
                { value: 'Tenant', Icon: KeyRound, sub: 'Renting a home' },
                { value: 'Landlord', Icon: Building2, sub: 'Letting a property' },
              ] as const
            ).map(({ value, Icon, sub }) => (
              <button
                key={value}
                type="button"
                className="type-tile"
                aria-pressed={userType === value}
                onClick={() => {
                  form.setValue('userType', form.getValues('userType') === value ? '' : value)
                  form.clearErrors('userType')
                }}
              >
                <Icon aria-hidden size={28} />
                {value}
                <span className="type-tile__sub">{sub}</span>
              </button>
            ))}
          </div>
          {!userType ? (
            <p id="user-type-hint" className="field-hint">
              {errors.userType?.message || USER_TYPE_REQUIRED}
            </p>
          ) : null}
        </fieldset>

        <Field id="reg-name" label="Full name" error={errors.fullName?.message}>
          <input
            id="reg-name"
            autoComplete="name"
            aria-invalid={errors.fullName ? true : undefined}
            aria-describedby={describedBy('reg-name', { error: errors.fullName })}
            {...form.register('fullName', { onChange: () => form.clearErrors('fullName') })}
          />
        </Field>
        <Field id="reg-email" label="Email" error={errors.email?.message}>
          <input
            id="reg-email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('reg-email', { error: errors.email })}
            {...form.register('email', { onChange: () => form.clearErrors('email') })}
          />
        </Field>
        <NewPasswordFields
          idPrefix="reg"
          passwordLabel="Password"
          confirmLabel="Repeat password"
          passwordField={form.register('password', {
            onChange: (e) => {
              if (isValidSignUpPassword(e.target.value)) form.clearErrors('password')
            },
            onBlur: (e) => {
              const v = e.target.value
              if (v && !isValidSignUpPassword(v)) form.setError('password', { message: PASSWORD_RULE_MESSAGE })
            },
          })}
          confirmField={form.register('confirmPassword', { onChange: () => form.clearErrors('confirmPassword') })}
          values={{ password, confirmPassword }}
          errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
        />

        <div className="terms">
          <input
            id="reg-terms"
            type="checkbox"
            checked={acceptTerms}
            aria-describedby={errors.acceptTerms || termsHint ? 'reg-terms-error' : undefined}
            onChange={(e) => {
              form.setValue('acceptTerms', e.target.checked)
              form.clearErrors('acceptTerms')
            }}
          />
          <label htmlFor="reg-terms">
            I agree to the{' '}
            <button type="button" className="link-button" onClick={() => setLegal('terms')}>
              Terms of Service
            </button>{' '}
            and{' '}
            <button type="button" className="link-button" onClick={() => setLegal('privacy')}>
              Privacy Policy
            </button>
          </label>
        </div>
        {errors.acceptTerms || termsHint ? (
          <p id="reg-terms-error" className="field-error terms-error">
            {errors.acceptTerms?.message || termsHint}
          </p>
        ) : null}

        <button type="submit" className="button button--block" disabled={!canContinue} aria-busy={register.isPending}>
          {register.isPending ? <ButtonSpinner /> : null}
          Continue
        </button>
      </form>
      <p className="auth-alt">
        Already have an account? <Link to="/dashboard">Log in</Link>
      </p>
      <LegalDialog doc={legal} onClose={() => setLegal(null)} />
    </AuthCard>
  )
}

function VerifyAccount({ email }: { email: string }) {
  // A visitor sent here from a page that needs an account (an agreement
  // e-mailed to sign) goes back to it once verified.
  const from = (useLocation().state as { from?: string } | null)?.from
  const { setUser } = useAuth()
  const navigate = useNavigate()
  const site = useSiteInfo()
  const [helpOpen, setHelpOpen] = useState(false)
  const support = site.data?.supportEmail || FALLBACK_SUPPORT_EMAIL
  const mailto = `mailto:${support}?subject=${encodeURIComponent('No Verification Code')}`

  return (
    <AuthCard
      title="Verify Account"
      intro={
        <p>
          Enter the 6 digit code we sent to <strong>{email}</strong>.
        </p>
      }
    >
      <CodeVerifyForm
        email={email}
        submitLabel="Verify"
        signIn
        onVerified={(user) => {
          if (user) setUser(user)
          navigate(from && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard', { replace: true })
        }}
        footer={
          <button type="button" className="link-button" onClick={() => setHelpOpen(true)}>
            I did not receive a code
          </button>
        }
      />
      <Dialog open={helpOpen} onClose={() => setHelpOpen(false)} title="I did not receive a code">
        <div className="auth-help">
          <p>It can take a minute or two for the code to arrive. Please check your spam or junk folder.</p>
          <p>
            Still nothing? Email our support team at <a href={mailto}>{support}</a> with the subject{' '}
            <strong>No Verification Code</strong> and we will help you verify your account.
          </p>
          <a className="button button--block" href={mailto}>
            Email support
          </a>
        </div>
      </Dialog>
    </AuthCard>
  )
}
