// /register (spec 1 section 2.4): pick Tenant or Landlord, fill the form, tick
// the terms box, then confirm the 6 digit code e-mailed on the Verify Account
// stage. Verifying signs the user in and opens /dashboard.
import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'

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
  issuesByField,
  normaliseEmail,
  registerSchema,
} from '../passwordRules'
import { errorFields, errorMessage } from '../../../lib/errors'

type UserType = 'Landlord' | 'Tenant' | ''
export const FALLBACK_SUPPORT_EMAIL = 'support@omnirent.co.uk'

export default function RegisterPage() {
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null)
  if (verifyEmail) return <VerifyAccount email={verifyEmail} />
  return <RegisterForm onRegistered={setVerifyEmail} />
}

function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const [userType, setUserType] = useState<UserType>('')
  const [fullName, setFullName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [acceptTerms, setAcceptTerms] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState('')
  const [legal, setLegal] = useState<LegalDoc>(null)

  const register = useRegister(() => ({ fullName: fullName.trim(), email: normaliseEmail(email), password, confirmPassword, userType: userType as 'Landlord' | 'Tenant', acceptTerms }), {
    onSuccess: (data) => onRegistered(data.email || normaliseEmail(email)),
    onError: (e) => {
      const fields = errorFields(e)
      if (Object.keys(fields).length) setErrors(fields)
      else setFormError(errorMessage(e))
    },
  })

  const filled = Boolean(fullName.trim() && email.trim() && password && confirmPassword)
  const mismatch = confirmPassword !== '' && password !== confirmPassword
  const canContinue = filled && !mismatch && userType !== '' && acceptTerms && !register.isPending

  function clearError(key: string) {
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest)
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    if (register.isPending) return
    setFormError('')
    const parsed = registerSchema.safeParse({ userType, fullName, email, password, confirmPassword, acceptTerms })
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error))
      return
    }
    setErrors({})
    register.mutate()
  }

  const termsHint = !acceptTerms && filled && !mismatch && userType !== '' ? TERMS_REQUIRED : ''

  return (
    <AuthCard title="Create an account" intro={<p>Join OmniRent: renting made simple for landlords and tenants.</p>}>
      <form onSubmit={submit} noValidate>
        <FormMessage kind="error">{formError}</FormMessage>

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
                  setUserType((t) => (t === value ? '' : value))
                  clearError('userType')
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
              {errors.userType || USER_TYPE_REQUIRED}
            </p>
          ) : null}
        </fieldset>

        <Field id="reg-name" label="Full name" error={errors.fullName}>
          <input
            id="reg-name"
            name="fullName"
            autoComplete="name"
            value={fullName}
            aria-invalid={errors.fullName ? true : undefined}
            aria-describedby={describedBy('reg-name', { error: errors.fullName })}
            onChange={(e) => {
              setFullName(e.target.value)
              clearError('fullName')
            }}
          />
        </Field>
        <Field id="reg-email" label="Email" error={errors.email}>
          <input
            id="reg-email"
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('reg-email', { error: errors.email })}
            onChange={(e) => {
              setEmail(e.target.value)
              clearError('email')
            }}
          />
        </Field>
        <NewPasswordFields
          idPrefix="reg"
          passwordLabel="Password"
          confirmLabel="Repeat password"
          password={password}
          confirmPassword={confirmPassword}
          errors={errors}
          onPasswordChange={(v) => {
            setPassword(v)
            if (errors.password && isValidSignUpPassword(v)) clearError('password')
          }}
          onPasswordBlur={() => {
            if (password && !isValidSignUpPassword(password)) setErrors((x) => ({ ...x, password: PASSWORD_RULE_MESSAGE }))
          }}
          onConfirmChange={(v) => {
            setConfirmPassword(v)
            clearError('confirmPassword')
          }}
        />

        <div className="terms">
          <input
            id="reg-terms"
            type="checkbox"
            checked={acceptTerms}
            aria-describedby={errors.acceptTerms || termsHint ? 'reg-terms-error' : undefined}
            onChange={(e) => {
              setAcceptTerms(e.target.checked)
              clearError('acceptTerms')
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
            {errors.acceptTerms || termsHint}
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
          navigate('/dashboard', { replace: true })
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
