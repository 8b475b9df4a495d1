// Form parts every feature's forms use: a labelled field with its hint and
// error, aria-describedby for it, a password box, a status message and the
// spinner inside a busy button.
import type { InputHTMLAttributes, ReactNode } from 'react'
import './form.css'

type FieldProps = {
  id: string
  label: string
  /** note is appended to the label text (e.g. ' - Does not match password'). */
  note?: string
  /** tone of the label: 'danger' (red) or 'warning' (warning colour). */
  tone?: 'danger' | 'warning'
  error?: string
  hint?: ReactNode
  children: ReactNode
}

/** Field lays out a label (with optional inline note), the control, a hint and an error. */
export function Field({ id, label, note, tone, error, hint, children }: FieldProps) {
  const cls = ['field']
  if (error || tone === 'danger') cls.push('field--invalid')
  if (tone === 'warning') cls.push('field--warning')
  return (
    <div className={cls.join(' ')}>
      <label htmlFor={id}>
        {label}
        {note ? <span className="field__note">{note}</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** describedBy builds aria-describedby for an input inside Field. */
export function describedBy(id: string, opts: { hint?: unknown; error?: unknown }): string | undefined {
  const ids = [opts.hint ? `${id}-hint` : '', opts.error ? `${id}-error` : ''].filter(Boolean)
  return ids.length ? ids.join(' ') : undefined
}

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>

/** PasswordInput is a password box (one place to change how all of them behave). */
export function PasswordInput(props: PasswordInputProps) {
  return <input {...props} type="password" />
}

export function FormMessage({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  if (!children) return null
  return (
    <p className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  )
}

/** ButtonSpinner is the decorative spinner inside a busy button (the button keeps its own name). */
export function ButtonSpinner() {
  return <span className="spinner" aria-hidden="true" />
}
