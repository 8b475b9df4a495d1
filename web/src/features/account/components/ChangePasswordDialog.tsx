// Change Password modal (spec 3 sections "Account" and 5): send a 6 digit code
// to the account e-mail, then enter it with the new password twice.
import { useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Send } from 'lucide-react'
import { useChangePassword, usePasswordCode } from '../api/changePassword'
import { Dialog } from '../../../components/Dialog'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { PASSWORD_CHANGED, changePasswordSchema, type ChangePasswordForm as ChangePasswordValues } from '../../auth/passwordRules'
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
  // Field errors show from a submit (or the server) and clear as their field
  // is edited; 'All fields are required.' and server messages are the form's (root).
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { code: '', password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const { errors } = form.formState
  const [codeNote, setCodeNote] = useState('')
  const [done, setDone] = useState('')

  const sendCode = usePasswordCode({
    onSuccess: (data) => setCodeNote(data.message),
    onError: (e) => form.setError('root', { message: errorMessage(e) }),
  })
  const change = useChangePassword(() => form.getValues(), {
    onSuccess: (data) => setDone(data.message || PASSWORD_CHANGED),
    onError: (e) => {
      // The server's field errors replace those shown; a wrong code is the code's error.
      const f = errorFields(e)
      if (Object.keys(f).length) {
        form.clearErrors(['code', 'password', 'confirmPassword'])
        for (const [key, message] of Object.entries(f)) form.setError(key as keyof ChangePasswordValues, { message })
      } else if (errorCode(e).startsWith('code_')) {
        form.clearErrors(['code', 'password', 'confirmPassword'])
        form.setError('code', { message: errorMessage(e) })
      } else form.setError('root', { message: errorMessage(e) })
    },
  })

  const changePassword = form.handleSubmit(() => change.mutate())

  function submit(e: FormEvent) {
    e.preventDefault()
    if (change.isPending) return
    void changePassword(e)
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
          form.clearErrors('root')
          setCodeNote('')
          sendCode.mutate()
        }}
      >
        {sendCode.isPending ? <ButtonSpinner /> : <Send aria-hidden size={18} />}
        {codeNote ? 'Send the code again' : 'Send code to my email'}
      </button>
      <div className="change-pw__gap" />
      <FormMessage kind="info">{codeNote}</FormMessage>
      <FormMessage kind="error">{errors.root?.message}</FormMessage>
      <CodePasswordFields
        idPrefix="cp"
        codeLabel="6 digit code"
        passwordLabel="Password"
        confirmLabel="Repeat password"
        form={form}
      />
      <button type="submit" className="button button--block" disabled={change.isPending} aria-busy={change.isPending}>
        {change.isPending ? <ButtonSpinner /> : null}
        Change Password
      </button>
    </form>
  )
}
