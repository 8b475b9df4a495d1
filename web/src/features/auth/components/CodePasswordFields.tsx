// The e-mailed code and the new password pair, as password reset and the
// Change Password modal both ask for them: one component, so the two forms
// cannot drift apart. Editing a field clears that field's error.
import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form'
import { CodeField } from './CodeField'
import { NewPasswordFields } from './NewPasswordFields'

export type CodePasswordValues = { code: string; password: string; confirmPassword: string }

type Props = {
  /** idPrefix makes the ids unique per form ("reset" gives reset-code, reset-password...). */
  idPrefix: string
  codeLabel: string
  passwordLabel: string
  confirmLabel: string
  /** The react-hook-form form holding code, password and confirmPassword. */
  form: UseFormReturn<CodePasswordValues>
}

export function CodePasswordFields({ idPrefix, codeLabel, passwordLabel, confirmLabel, form }: Props) {
  const { errors } = useFormState({ control: form.control })
  const [password, confirmPassword] = useWatch({ control: form.control, name: ['password', 'confirmPassword'] })
  return (
    <>
      <CodeField
        id={`${idPrefix}-code`}
        label={codeLabel}
        control={form.control}
        name="code"
        error={errors.code?.message}
        onEdit={() => form.clearErrors('code')}
      />
      <NewPasswordFields
        idPrefix={idPrefix}
        passwordLabel={passwordLabel}
        confirmLabel={confirmLabel}
        passwordField={form.register('password', { onChange: () => form.clearErrors('password') })}
        confirmField={form.register('confirmPassword', { onChange: () => form.clearErrors('confirmPassword') })}
        values={{ password, confirmPassword }}
        errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
      />
    </>
  )
}
