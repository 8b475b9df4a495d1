// The 6-digit confirmation step shared by registration (Verify Account), the
// sign-in form for unconfirmed accounts and the password-reset confirm-email
// branch: code entry, a verify button disabled while the code is empty and
// 'Resend code' (label 'Resending...' while busy).
import { useState, type FormEvent, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'

import type { User } from '../../../lib/api'
import { useResendCode } from '../api/resendCode'
import { useVerifyCode } from '../api/verifyCode'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { CodeField } from './CodeField'
import { CODE_RESENT, codeFormSchema, type CodeForm } from '../passwordRules'
import { errorMessage } from '../../../lib/errors'

type Props = {
  email: string
  /** Button text: 'Verify' or 'Confirm Sign Up'. */
  submitLabel: string
  /** signIn false confirms the account without starting a session. */
  signIn: boolean
  onVerified: (user: User | null) => void
  /** Extra content under the buttons (e.g. the 'I did not receive a code' link). */
  footer?: ReactNode
  idPrefix?: string
}

export function CodeVerifyForm({ email, submitLabel, signIn, onVerified, footer, idPrefix = 'verify' }: Props) {
  // Errors show from a submit (or the server) and stay until the next one.
  const form = useForm<CodeForm>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const { errors } = form.formState
  const code = form.watch('code')
  const [resent, setResent] = useState('')

  const verify = useVerifyCode(email, signIn, {
    onSuccess: (data) => onVerified(data.user ?? null),
    onError: (e) => form.setError('root', { message: errorMessage(e) }),
  })
  const resend = useResendCode(email, {
    onSuccess: (data) => setResent(data.message || CODE_RESENT),
    onError: (e) => form.setError('root', { message: errorMessage(e) }),
  })

  const verifyCode = form.handleSubmit((v) => verify.mutate(v.code))

  function submit(e: FormEvent) {
    e.preventDefault()
    if (verify.isPending || !code) return
    setResent('')
    void verifyCode(e)
  }

  function onResend() {
    if (resend.isPending) return
    form.clearErrors('root')
    setResent('')
    resend.mutate()
  }

  const codeId = `${idPrefix}-code`
  return (
    <form onSubmit={submit} noValidate>
      <FormMessage kind="error">{errors.root?.message}</FormMessage>
      <FormMessage kind="success">{resent}</FormMessage>
      <CodeField id={codeId} label="Verification code" control={form.control} name="code" error={errors.code?.message} />
      <button type="submit" className="button button--block" disabled={!code || verify.isPending}>
        {verify.isPending ? <ButtonSpinner /> : null}
        {submitLabel}
      </button>
      <div className="auth-links">
        <button type="button" className="link-button" onClick={onResend} disabled={resend.isPending} aria-live="polite">
          {resend.isPending ? 'Resending...' : 'Resend code'}
        </button>
        {footer}
      </div>
    </form>
  )
}
