// The 6-digit code box used by every code step (verify, reset, change
// password): digits only, at most six, and the phone's one-time-code autofill.
// A controlled react-hook-form field, so the cleaned digits are what it shows.
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form'
import { describedBy, Field } from '../../../components/Form'
import { cleanCode } from '../passwordRules'

type Props<T extends FieldValues> = {
  id: string
  label: string
  control: Control<T>
  /** The form's code field (its name attribute too). */
  name: Path<T>
  error?: string
  /** onEdit runs after each change, e.g. to clear the field's error. */
  onEdit?: () => void
}

export function CodeField<T extends FieldValues>({ id, label, control, name, error, onEdit }: Props<T>) {
  const { field } = useController({ control, name })
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        name={field.name}
        ref={field.ref}
        className="code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        placeholder="6 digit code"
        value={field.value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
        onChange={(e) => {
          field.onChange(cleanCode(e.target.value))
          onEdit?.()
        }}
        onBlur={field.onBlur}
      />
    </Field>
  )
}
