// The date of birth in day, month and year boxes (spec 2 section 5): digits
// only; day and month take two digits, clamped to 01-31 and 01-12, and
// focus moves on after the second digit; the year takes four, clamped to
// 1900 and to this year minus 18; Backspace in an empty box goes back to
// the one before.
import { useRef, type KeyboardEvent, type RefObject } from 'react'
import { clampDay, clampMonth, clampYear } from '../declaration'

type Dob = { day: string; month: string; year: string }

type Props = {
  value: Dob
  onChange: (v: Dob) => void
  disabled?: boolean
  /** now is for tests; the year clamp follows today's year. */
  now?: Date
}

export function DobField({ value, onChange, disabled, now }: Props) {
  const day = useRef<HTMLInputElement>(null)
  const month = useRef<HTMLInputElement>(null)
  const year = useRef<HTMLInputElement>(null)

  const back = (prev: RefObject<HTMLInputElement | null>) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && e.currentTarget.value === '') {
      e.preventDefault()
      prev.current?.focus()
    }
  }

  return (
    <fieldset className="dob" disabled={disabled}>
      <legend className="dob__legend">Date of birth</legend>
      <div className="dob__boxes">
        <div className="dob__box">
          <label htmlFor="dob-day">Day</label>
          <input
            ref={day}
            id="dob-day"
            inputMode="numeric"
            autoComplete="bday-day"
            placeholder="DD"
            maxLength={2}
            value={value.day}
            onChange={(e) => {
              const v = clampDay(e.target.value)
              onChange({ ...value, day: v })
              if (v.length === 2) month.current?.focus()
            }}
          />
        </div>
        <div className="dob__box">
          <label htmlFor="dob-month">Month</label>
          <input
            ref={month}
            id="dob-month"
            inputMode="numeric"
            autoComplete="bday-month"
            placeholder="MM"
            maxLength={2}
            value={value.month}
            onKeyDown={back(day)}
            onChange={(e) => {
              const v = clampMonth(e.target.value)
              onChange({ ...value, month: v })
              if (v.length === 2) year.current?.focus()
            }}
          />
        </div>
        <div className="dob__box dob__box--year">
          <label htmlFor="dob-year">Year</label>
          <input
            ref={year}
            id="dob-year"
            inputMode="numeric"
            autoComplete="bday-year"
            placeholder="YYYY"
            maxLength={4}
            value={value.year}
            onKeyDown={back(month)}
            onChange={(e) => onChange({ ...value, year: clampYear(e.target.value, now) })}
          />
        </div>
      </div>
    </fieldset>
  )
}
