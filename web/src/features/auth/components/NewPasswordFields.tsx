// The "new password" and "repeat password" pair shared by registration,
// password reset and the Change Password modal: the rule hint, the live
// ' - Does not match password' note and the field errors. The form registers
// both boxes with react-hook-form (choosing when their errors clear) and
// passes their current values for the mismatch note.
import type { UseFormRegisterReturn } from 'react-hook-form'
import { describedBy, Field, PasswordInput } from '../../../components/Form'
import { PASSWORD_HINT, PASSWORD_MISMATCH_HINT } from '../passwordRules'

type Props = {
  /** idPrefix makes the ids unique per form, e.g. "reg" gives reg-password and reg-confirm. */
  idPrefix: string
  passwordLabel: string
  confirmLabel: string
  /** register('password', ...) and register('confirmPassword', ...) of the form. */
  passwordField: UseFormRegisterReturn<'password'>
  confirmField: UseFormRegisterReturn<'confirmPassword'>
  values: { password: string; confirmPassword: string }
  errors: { password?: string; confirmPassword?: string }
}

export function NewPasswordFields(p: Props) {
  const pw = `${p.idPrefix}-password`
  const confirm = `${p.idPrefix}-confirm`
  const mismatch = p.values.confirmPassword !== '' && p.values.password !== p.values.confirmPassword
  return (
    <>
      <Field id={pw} label={p.passwordLabel} hint={PASSWORD_HINT} error={p.errors.password}>
        <PasswordInput
          id={pw}
          autoComplete="new-password"
          maxLength={100}
          aria-invalid={p.errors.password ? true : undefined}
          aria-describedby={describedBy(pw, { hint: true, error: p.errors.password })}
          {...p.passwordField}
        />
      </Field>
      <Field
        id={confirm}
        label={p.confirmLabel}
        note={mismatch ? PASSWORD_MISMATCH_HINT : undefined}
        tone={mismatch ? 'danger' : undefined}
        error={p.errors.confirmPassword}
      >
        <PasswordInput
          id={confirm}
          autoComplete="new-password"
          maxLength={100}
          aria-invalid={mismatch || p.errors.confirmPassword ? true : undefined}
          aria-describedby={describedBy(confirm, { error: p.errors.confirmPassword })}
          {...p.confirmField}
        />
      </Field>
    </>
  )
}
