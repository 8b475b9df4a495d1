// Change Password modal (spec 3 sections "Account" and 5): send a 6 digit code
// to the account e-mail, then enter it with the new password twice.
import { useState, type FormEvent } from 'react'
import { Send } from 'lucide-react'
import { useChangePassword, usePasswordCode } from '../api/changePassword'
import { Dialog } from '../../../components/Dialog'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import {
  PASSWORD_CHANGED,
  changePasswordSchema,
  issuesByField,
} from '../../auth/passwordRules'
import { errorCode, errorFields, errorMessage } from '../../../lib/errors'
import { CodePasswordFields } from '../../auth/components/CodePasswordFields'

export function ChangePasswordDialog({ open, onClose, email }: { open: boolean; onClose: () => void; email: string }) {
  return (
    <Dialog open={open} onClose={onClose} title="Enter New Password">
      {/* Mounted only while open, so every opening starts empty. */}
      <ChangePasswordForm email={email} onClose={onClose} />
    </Dialog>
  )
}

function ChangePasswordForm({ email, onClose }: { email: string; onClose: () => void }) {
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState('')
  const [codeNote, setCodeNote] = useState('')
  const [done, setDone] = useState('')

  const sendCode = usePasswordCode({
    onSuccess: (data) => setCodeNote(data.message),
    onError: (e) => setFormError(errorMessage(e)),
  })
  const change = useChangePassword(() => ({ code, password, confirmPassword }), {
    onSuccess: (data) => setDone(data.message || PASSWORD_CHANGED),
    onError: (e) => {
      const f = errorFields(e)
      if (Object.keys(f).length) setErrors(f)
      else if (errorCode(e).startsWith('code_')) setErrors({ code: errorMessage(e) })
      else setFormError(errorMessage(e))
    },
  })


  function submit(e: FormEvent) {
    e.preventDefault()
    if (change.isPending) return
    setFormError('')
    const parsed = changePasswordSchema.safeParse({ code, password, confirmPassword })
    if (!parsed.success) {
      const byField = issuesByField(parsed.error)
      if (byField['']) {
        setErrors({})
        setFormError(byField[''])
      } else setErrors(byField)
      return
    }
    setErrors({})
    change.mutate()
  }

  if (done) {
    return (
      <div>
        <FormMessage kind="success">{done}</FormMessage>
        <button type="button" className="button button--block" onClick={onClose}>
          Done
        </button>
      </div>
    )
  }

  return (
    <form onSubmit={submit} noValidate>
      <p className="change-pw__intro">
        We will email a 6 digit code to <strong>{email}</strong>. Enter it below with your new password.
      </p>
      <button
        type="button"
        className="button button--outline button--block"
        disabled={sendCode.isPending}
        aria-busy={sendCode.isPending}
        onClick={() => {
          if (sendCode.isPending) return
          setFormError('')
          setCodeNote('')
          sendCode.mutate()
        }}
      >
        {sendCode.isPending ? <ButtonSpinner /> : <Send aria-hidden size={18} />}
        {codeNote ? 'Send the code again' : 'Send code to my email'}
      </button>
      <div className="change-pw__gap" />
      <FormMessage kind="info">{codeNote}</FormMessage>
      <FormMessage kind="error">{formError}</FormMessage>
      <CodePasswordFields
        idPrefix="cp"
        codeLabel="6 digit code"
        passwordLabel="Password"
        confirmLabel="Repeat password"
        values={{ code, password, confirmPassword }}
        errors={errors}
        onChange={(field, v) => {
          ;({ code: setCode, password: setPassword, confirmPassword: setConfirmPassword })[field](v)
          setErrors(({ [field]: _cleared, ...rest }) => rest)
        }}
      />
      <button type="submit" className="button button--block" disabled={change.isPending} aria-busy={change.isPending}>
        {change.isPending ? <ButtonSpinner /> : null}
        Change Password
      </button>
    </form>
  )
}
