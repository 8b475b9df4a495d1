// Editing one occurrence of a repeating event: its title, date and times
// change for that day only; the rest of the series stays as it is.
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import type { CalendarEvent } from '../api/keys'
import { useEditOccurrence } from '../api/editOccurrence'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { useToast } from '../../../components/Toast'
import { ApiError } from '../../../lib/api'
import { MSG } from '../rules'
import { formatLongDay } from '../dates'
import { DATE_MAX, DATE_MIN } from '../../../lib/dateRange'

const filled = z.string().trim().min(1, MSG.fillAll)
const schema = z
  .object({ title: filled, date: filled, startTime: filled, endTime: filled })
  .refine((v) => !v.startTime || !v.endTime || v.endTime > v.startTime, { path: ['endTime'], message: MSG.endAfterStart })
type Values = z.input<typeof schema>

type Props = {
  event: CalendarEvent
  /** occurrence is the original start ("2026-11-12T09:00") naming the occurrence. */
  occurrence: string
  current: Values
  onSaved: (e: CalendarEvent) => void
  onCancel: () => void
}

export function OccurrenceForm({ event, occurrence, current, onSaved, onCancel }: Props) {
  const toast = useToast()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: current, reValidateMode: 'onSubmit', shouldFocusError: false })
  const { errors } = form.formState
  const save = useEditOccurrence({
    onSuccess: onSaved,
    onError: (e) => {
      if (e instanceof ApiError && e.status === 400) {
        for (const [k, message] of Object.entries(e.fields)) if (k in current) form.setError(k as keyof Values, { type: 'server', message })
      }
      const message = e instanceof ApiError && e.status === 400 && e.message ? e.message : MSG.fillAll
      form.setError('root', { message })
      toast('error', message)
    },
  })
  const submit = form.handleSubmit(
    (v) => save.mutate({ id: event.id, occurrence, input: { title: v.title.trim(), date: v.date, startTime: v.startTime, endTime: v.endTime } }),
    (errs) => {
      const message = errs.endTime?.message === MSG.endAfterStart && !errs.title && !errs.date && !errs.startTime ? MSG.endAfterStart : MSG.fillAll
      form.setError('root', { message })
      toast('error', message)
    },
  )
  const clear = { onChange: () => form.clearErrors('root') }
  return (
    <form noValidate className="cal-form" aria-labelledby="cal-occ-title" onSubmit={(e) => void submit(e)}>
      <h1 id="cal-occ-title" className="page__title">Edit this occurrence</h1>
      <p className="cal-help">
        Only the event of {formatLongDay(occurrence.slice(0, 10))} changes; the other dates of “{event.title}” stay as they are.
      </p>
      <FormMessage kind="error">{errors.root?.message}</FormMessage>
      <Field id="occ-title" label="Title" error={errors.title?.message}>
        <input id="occ-title" maxLength={200} aria-invalid={!!errors.title} aria-describedby={describedBy('occ-title', { error: errors.title })} {...form.register('title', clear)} />
      </Field>
      <Field id="occ-date" label="Date" error={errors.date?.message}>
        <input id="occ-date" type="date" min={DATE_MIN} max={DATE_MAX} aria-invalid={!!errors.date} {...form.register('date', clear)} />
      </Field>
      <div className="cal-two">
        <Field id="occ-start" label="Start time" error={errors.startTime?.message}>
          <input id="occ-start" type="time" aria-invalid={!!errors.startTime} {...form.register('startTime', clear)} />
        </Field>
        <Field id="occ-end" label="End time" error={errors.endTime?.message}>
          <input id="occ-end" type="time" aria-invalid={!!errors.endTime} aria-describedby={describedBy('occ-end', { error: errors.endTime })} {...form.register('endTime', clear)} />
        </Field>
      </div>
      <div className="cal-form__actions">
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <ButtonSpinner /> : null}
          Save changes
        </button>
      </div>
    </form>
  )
}
