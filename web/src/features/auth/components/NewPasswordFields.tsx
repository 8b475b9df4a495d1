// The "new password" and "repeat password" pair shared by registration,
// password reset and the Change Password modal: the rule hint, the live
// ' - Does not match password' note and the server's field errors.
import { describedBy, Field, PasswordInput } from '../../../components/Form'
import { PASSWORD_HINT, PASSWORD_MISMATCH_HINT } from '../passwordRules'

type Props = {
  /** idPrefix makes the ids unique per form, e.g. "reg" gives reg-password and reg-confirm. */
  idPrefix: string
  passwordLabel: string
  confirmLabel: string
  password: string
  confirmPassword: string
  errors: { password?: string; confirmPassword?: string }
  onPasswordChange: (value: string) => void
  onConfirmChange: (value: string) => void
  onPasswordBlur?: () => void
}

export function NewPasswordFields(p: Props) {
  const pw = `${p.idPrefix}-password`
  const confirm = `${p.idPrefix}-confirm`
  const mismatch = p.confirmPassword !== '' && p.password !== p.confirmPassword
  return (
    <>
      <Field id={pw} label={p.passwordLabel} hint={PASSWORD_HINT} error={p.errors.password}>
        <PasswordInput
          id={pw}
          name="password"
          autoComplete="new-password"
          maxLength={100}
          value={p.password}
          aria-invalid={p.errors.password ? true : undefined}
          aria-describedby={describedBy(pw, { hint: true, error: p.errors.password })}
          onChange={(e) => p.onPasswordChange(e.target.value)}
          onBlur={p.onPasswordBlur}
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
          name="confirmPassword"
          autoComplete="new-password"
          maxLength={100}
          value={p.confirmPassword}
          aria-invalid={mismatch || p.errors.confirmPassword ? true : undefined}
          aria-describedby={describedBy(confirm, { error: p.errors.confirmPassword })}
          onChange={(e) => p.onConfirmChange(e.target.value)}
        />
      </Field>
    </>
  )
}
