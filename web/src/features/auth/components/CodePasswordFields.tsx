// The e-mailed code and the new password pair, as password reset and the
// Change Password modal both ask for them: one component, so the two forms
// cannot drift apart.
import { CodeField } from './CodeField'
import { NewPasswordFields } from './NewPasswordFields'

type Field = 'code' | 'password' | 'confirmPassword'

type Props = {
  /** idPrefix makes the ids unique per form ("reset" gives reset-code, reset-password...). */
  idPrefix: string
  codeLabel: string
  passwordLabel: string
  confirmLabel: string
  values: Record<Field, string>
  errors: Partial<Record<Field, string>>
  /** onChange gives a field's new value; the form clears that field's error. */
  onChange: (field: Field, value: string) => void
}

export function CodePasswordFields({ idPrefix, codeLabel, passwordLabel, confirmLabel, values, errors, onChange }: Props) {
  return (
    <>
      <CodeField id={`${idPrefix}-code`} label={codeLabel} value={values.code} error={errors.code} onChange={(v) => onChange('code', v)} />
      <NewPasswordFields
        idPrefix={idPrefix}
        passwordLabel={passwordLabel}
        confirmLabel={confirmLabel}
        password={values.password}
        confirmPassword={values.confirmPassword}
        errors={errors}
        onPasswordChange={(v) => onChange('password', v)}
        onConfirmChange={(v) => onChange('confirmPassword', v)}
      />
    </>
  )
}
