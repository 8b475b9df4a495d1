// The 6-digit code box used by every code step (verify, reset, change
// password): digits only, at most six, and the phone's one-time-code autofill.
import { describedBy, Field } from '../../../components/Form'
import { cleanCode } from '../passwordRules'

type Props = {
  id: string
  label: string
  value: string
  error?: string
  onChange: (code: string) => void
}

export function CodeField({ id, label, value, error, onChange }: Props) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        name="code"
        className="code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        placeholder="6 digit code"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
        onChange={(e) => onChange(cleanCode(e.target.value))}
      />
    </Field>
  )
}
