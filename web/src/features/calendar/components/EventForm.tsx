// Creating or editing an event (spec 3 "Calendar", sections 4 and 5): the
// initial screen (type, title, description and a row for each sub-screen),
// then location, people, time and date, frequency and alert, each returning
// to the initial screen. The open sub-screen is kept in the address
// (?screen=people) so the phone's back button returns to the initial screen.
// Saving needs every field but the limit date and the people, else
// 'Please fill all the fields' (also when the save fails).
import { useRef, useState, type ReactNode } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Bell, ChevronLeft, ChevronRight, Clock, MapPin, Repeat, Trash2, Users } from 'lucide-react'
import type { Attendee, CalendarEvent } from '../api/keys'
import { useCreateEvent } from '../api/createEvent'
import { useUpdateEvent } from '../api/updateEvent'
import { useMyProperties } from '../../property/api/myProperties'
import type { Property } from '../../property/api/keys'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { useToast } from '../../../components/Toast'
import { ApiError } from '../../../lib/api'
import { eventSchema, personProblem, toInput, type EventFormValues } from '../schema'
import { ALERTS, CREATE_CATEGORIES, FREQUENCIES, MSG, alertLabel, frequencyLabel, monthlyEndNote, offeredTo, timeRange } from '../rules'
import { useAuth } from '../../../lib/auth'
import { formatDate, formatLongDay } from '../dates'
import { Avatars, fullName } from './Avatars'
import { DATE_MAX, DATE_MIN } from '../../../lib/dateRange'

export type Screen = 'initial' | 'location' | 'people' | 'time' | 'frequency' | 'alert'
const SCREENS: Screen[] = ['initial', 'location', 'people', 'time', 'frequency', 'alert']

type Props = {
  /** event is the series being edited; without it a new event is made. */
  event?: CalendarEvent
  defaults: EventFormValues
  onSaved: (e: CalendarEvent) => void
  onCancel: () => void
}

type Form = UseFormReturn<EventFormValues>

/** propertyAddress is how a saved property is named as an event's place. */
export function propertyAddress(p: Property): string {
  const a = p.address
  return [a.addrFirstLine, a.addrSecondLine, [a.town, a.postcode].filter(Boolean).join(' ')].filter((s) => s && s.trim()).join(', ')
}

export function EventForm({ event, defaults, onSaved, onCancel }: Props) {
  const toast = useToast()
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const pushed = useRef(false)
  const asked = params.get('screen') as Screen | null
  const screen: Screen = asked && SCREENS.includes(asked) ? asked : 'initial'

  const form = useForm<EventFormValues>({
    resolver: zodResolver(eventSchema),
    defaultValues: defaults,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })

  const open = (s: Screen) => {
    pushed.current = true
    setParams(
      (p) => {
        p.set('screen', s)
        return p
      },
      { preventScrollReset: false },
    )
    window.scrollTo?.(0, 0)
  }
  const back = () => {
    if (pushed.current) {
      pushed.current = false
      void navigate(-1)
      return
    }
    setParams(
      (p) => {
        p.delete('screen')
        return p
      },
      { replace: true },
    )
  }

  const failed = (e: unknown) => {
    // The server names the fields it refused; the form marks them.
    if (e instanceof ApiError && e.status === 400) {
      for (const [k, message] of Object.entries(e.fields)) {
        const key = k === 'location' ? 'address' : k
        if (key in defaults) form.setError(key as keyof EventFormValues, { type: 'server', message })
      }
    }
    // Spec 3 section 5: a failed save says 'Please fill all the fields'.
    const message = e instanceof ApiError && e.status === 400 && e.message ? e.message : MSG.fillAll
    form.setError('root', { message })
    toast('error', message)
  }
  const create = useCreateEvent({ onSuccess: onSaved, onError: failed })
  const update = useUpdateEvent({ onSuccess: onSaved, onError: failed })
  const busy = create.isPending || update.isPending

  const submit = form.handleSubmit(
    (v) => {
      const input = toInput(v)
      if (event) update.mutate({ id: event.id, input })
      else create.mutate(input)
    },
    (errs) => {
      const first = Object.values(errs).find((x) => x?.message)?.message
      const message = typeof first === 'string' && first !== MSG.fillAll && !hasEmpty(form) ? first : MSG.fillAll
      form.setError('root', { message })
      toast('error', message)
    },
  )

  return (
    <div className="cal-form">
      {screen === 'initial' ? (
        <form
          noValidate
          aria-labelledby="cal-form-title"
          onSubmit={(e) => {
            if (busy) {
              e.preventDefault()
              return
            }
            void submit(e)
          }}
        >
          <h1 id="cal-form-title" className="page__title">{event ? 'Edit event' : 'New event'}</h1>
          <FormMessage kind="error">{form.formState.errors.root?.message}</FormMessage>
          {event && event.exceptions.length > 0 ? (
            <p className="cal-help cal-help--note">
              Some dates of this series were changed or deleted on their own. Changing the date, the start time or the frequency
              of the whole series undoes those changes.
            </p>
          ) : null}
          <Initial form={form} onOpen={open} />
          <div className="cal-form__actions">
            <button type="button" className="button button--outline" onClick={onCancel}>
              Cancel
            </button>
            <button type="submit" className="button" disabled={busy} aria-busy={busy}>
              {busy ? <ButtonSpinner /> : null}
              {event ? 'Save changes' : 'Save event'}
            </button>
          </div>
        </form>
      ) : null}
      {screen === 'location' ? <LocationScreen form={form} onBack={back} /> : null}
      {screen === 'people' ? <PeopleScreen form={form} onBack={back} /> : null}
      {screen === 'time' ? <TimeScreen form={form} onBack={back} /> : null}
      {screen === 'frequency' ? <FrequencyScreen form={form} onBack={back} /> : null}
      {screen === 'alert' ? <AlertScreen form={form} onBack={back} /> : null}
    </div>
  )
}

/** clear removes the errors of these fields and the form's message. */
function clear(form: Form, names: Array<keyof EventFormValues>) {
  form.clearErrors(names)
  form.clearErrors('root')
}

/** hasEmpty is true when a needed field is blank (then the message is the spec's 'Please fill all the fields'). */
function hasEmpty(form: Form): boolean {
  const v = form.getValues()
  const needed = [v.category, v.title, v.description, v.date, v.startTime, v.endTime, v.frequency, v.alert]
  return needed.some((x) => !x.trim()) || (!v.propertyId && !v.address.trim())
}

function Initial({ form, onOpen }: { form: Form; onOpen: (s: Screen) => void }) {
  const { errors } = form.formState
  const v = form.watch()
  const clearOnChange = (name: keyof EventFormValues) => ({ onChange: () => clear(form, [name]) })
  const place = v.address.trim()
  const when = v.date && v.startTime && v.endTime ? `${formatLongDay(v.date)}, ${timeRange(v.startTime, v.endTime)}` : v.date ? formatLongDay(v.date) : ''
  const repeats = v.frequency ? (v.frequency !== 'one-off' && v.limitDate ? `${frequencyLabel(v.frequency)} until ${formatDate(v.limitDate)}` : frequencyLabel(v.frequency)) : ''
  const timeError = errors.date?.message ?? errors.startTime?.message ?? errors.endTime?.message
  // Wallet is a landlord's type (a tenant has no wallet); an event saved as one keeps it.
  const { user } = useAuth()
  const types = offeredTo(CREATE_CATEGORIES, user?.userType, form.formState.defaultValues?.category)
  return (
    <>
      <Field id="cal-category" label="Event type" error={errors.category?.message}>
        <select id="cal-category" aria-invalid={!!errors.category} aria-describedby={describedBy('cal-category', { error: errors.category })} {...form.register('category', clearOnChange('category'))}>
          <option value="">Choose a type</option>
          {types.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </Field>
      <Field id="cal-title" label="Title" error={errors.title?.message}>
        <input id="cal-title" maxLength={200} autoComplete="off" aria-invalid={!!errors.title} aria-describedby={describedBy('cal-title', { error: errors.title })} {...form.register('title', clearOnChange('title'))} />
      </Field>
      <Field id="cal-description" label="Description" error={errors.description?.message}>
        <textarea id="cal-description" rows={3} maxLength={4000} aria-invalid={!!errors.description} aria-describedby={describedBy('cal-description', { error: errors.description })} {...form.register('description', clearOnChange('description'))} />
      </Field>
      <ul className="cal-rows" aria-label="Event details">
        <Row icon={<MapPin aria-hidden size={20} />} label="Location" value={place} placeholder="Choose a property or type a place" error={errors.address?.message} onClick={() => onOpen('location')} />
        <Row
          icon={<Users aria-hidden size={20} />}
          label="People"
          value={v.attendees.length ? `${v.attendees.length} ${v.attendees.length === 1 ? 'person' : 'people'}` : ''}
          extra={<Avatars people={v.attendees} size="small" />}
          placeholder="Add people to invite (optional)"
          error={errors.attendees?.message}
          onClick={() => onOpen('people')}
        />
        <Row icon={<Clock aria-hidden size={20} />} label="Time and date" value={when} placeholder="Choose the date, start and end" error={timeError} onClick={() => onOpen('time')} />
        <Row icon={<Repeat aria-hidden size={20} />} label="Frequency" value={repeats} placeholder="One off or repeating" error={errors.frequency?.message ?? errors.limitDate?.message} onClick={() => onOpen('frequency')} />
        <Row icon={<Bell aria-hidden size={20} />} label="Alert" value={alertLabel(v.alert)} placeholder="When to be reminded by e-mail" error={errors.alert?.message} onClick={() => onOpen('alert')} />
      </ul>
    </>
  )
}

type RowProps = { icon: ReactNode; label: string; value: string; placeholder: string; extra?: ReactNode; error?: string; onClick: () => void }

function Row({ icon, label, value, placeholder, extra, error, onClick }: RowProps) {
  const id = `cal-row-${label.replace(/\W+/g, '-').toLowerCase()}`
  return (
    <li>
      <button type="button" className={`cal-row${error ? ' is-invalid' : ''}`} onClick={onClick} aria-describedby={error ? `${id}-error` : undefined}>
        <span className="cal-row__icon">{icon}</span>
        <span className="cal-row__text">
          <span className="cal-row__label">{label}</span>
          <span className={value ? 'cal-row__value' : 'cal-row__placeholder'}>{value || placeholder}</span>
        </span>
        {extra}
        <ChevronRight aria-hidden size={20} className="cal-row__chevron" />
      </button>
      {error ? (
        <p id={`${id}-error`} className="field-error cal-row__error">
          {error}
        </p>
      ) : null}
    </li>
  )
}

function SubScreen({ title, onBack, children, done = true }: { title: string; onBack: () => void; children: ReactNode; done?: boolean }) {
  return (
    <section className="cal-sub" aria-labelledby="cal-sub-title">
      <div className="cal-sub__head">
        <button type="button" className="icon-button" aria-label="Back" onClick={onBack}>
          <ChevronLeft aria-hidden size={24} />
        </button>
        <h1 id="cal-sub-title" className="cal-sub__title">{title}</h1>
      </div>
      {children}
      {done ? (
        <button type="button" className="button button--block cal-sub__done" onClick={onBack}>
          Done
        </button>
      ) : null}
    </section>
  )
}

function LocationScreen({ form, onBack }: { form: Form; onBack: () => void }) {
  const properties = useMyProperties()
  const v = form.getValues()
  const [text, setText] = useState(v.propertyId ? '' : v.address)
  const [problem, setProblem] = useState('')
  const pick = (propertyId: string, address: string) => {
    form.setValue('propertyId', propertyId)
    form.setValue('address', address)
    clear(form, ['address'])
    // Choosing a location returns to the initial screen (spec 3 section 4).
    onBack()
  }
  const list = properties.data ?? []
  return (
    <SubScreen title="Location" onBack={onBack} done={false}>
      {list.length > 0 ? (
        <>
          <h2 className="cal-sub__heading">Your properties</h2>
          <ul className="cal-picker" aria-label="Your properties">
            {list.map((p) => {
              const address = propertyAddress(p)
              const chosen = v.propertyId === p.id
              return (
                <li key={p.id}>
                  <button type="button" className={`cal-picker__item${chosen ? ' is-active' : ''}`} aria-pressed={chosen} onClick={() => pick(p.id, address)}>
                    <MapPin aria-hidden size={18} />
                    <span>{address}</span>
                  </button>
                </li>
              )
            })}
          </ul>
        </>
      ) : null}
      <h2 className="cal-sub__heading">{list.length > 0 ? 'Or type a place' : 'Type a place'}</h2>
      <Field id="cal-place" label="Place" error={problem} hint="An address, or where to meet.">
        <input
          id="cal-place"
          value={text}
          maxLength={300}
          autoComplete="street-address"
          aria-invalid={!!problem}
          aria-describedby={describedBy('cal-place', { hint: true, error: problem })}
          onChange={(e) => {
            setText(e.target.value)
            setProblem('')
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              if (text.trim()) pick('', text.trim())
              else setProblem(MSG.fillAll)
            }
          }}
        />
      </Field>
      <button type="button" className="button button--block" onClick={() => (text.trim() ? pick('', text.trim()) : setProblem(MSG.fillAll))}>
        Use this place
      </button>
    </SubScreen>
  )
}

const NOBODY: Attendee = { firstName: '', lastName: '', email: '' }

function PeopleScreen({ form, onBack }: { form: Form; onBack: () => void }) {
  const people = form.watch('attendees')
  const [draft, setDraft] = useState<Attendee>(NOBODY)
  const [problem, setProblem] = useState('')
  const set = (k: keyof Attendee) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setDraft((d) => ({ ...d, [k]: e.target.value }))
    setProblem('')
  }
  const add = () => {
    const p = { firstName: draft.firstName.trim(), lastName: draft.lastName.trim(), email: draft.email.trim() }
    const why = personProblem(p, people)
    if (why) {
      setProblem(why)
      return
    }
    form.setValue('attendees', [...people, p])
    clear(form, ['attendees'])
    setDraft(NOBODY)
  }
  const remove = (i: number) => form.setValue('attendees', people.filter((_, j) => j !== i))
  const enter = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault()
      add()
    }
  }
  return (
    <SubScreen title="People" onBack={onBack}>
      <p className="cal-help">Each person gets an invitation by e-mail with a calendar file, and an update or a cancellation when the event changes.</p>
      {people.length > 0 ? (
        <ul className="cal-people" aria-label="People invited">
          {people.map((p, i) => (
            <li key={`${p.email}-${i}`} className="cal-person">
              <Avatars people={[p]} size="small" />
              <span className="cal-person__text">
                <strong>{fullName(p)}</strong>
                <span className="cal-muted">{p.email}</span>
              </span>
              <button type="button" className="icon-button" aria-label={`Remove ${fullName(p)}`} onClick={() => remove(i)}>
                <Trash2 aria-hidden size={20} />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="cal-muted">Nobody invited yet.</p>
      )}
      <fieldset className="cal-fieldset">
        <legend>Add a person</legend>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="cal-two">
          <Field id="cal-person-first" label="Name">
            <input id="cal-person-first" value={draft.firstName} maxLength={100} autoComplete="off" onChange={set('firstName')} onKeyDown={enter} />
          </Field>
          <Field id="cal-person-last" label="Last name">
            <input id="cal-person-last" value={draft.lastName} maxLength={100} autoComplete="off" onChange={set('lastName')} onKeyDown={enter} />
          </Field>
        </div>
        <Field id="cal-person-email" label="E-mail">
          <input id="cal-person-email" type="email" value={draft.email} maxLength={254} autoComplete="off" onChange={set('email')} onKeyDown={enter} />
        </Field>
        <button type="button" className="button button--outline button--block" onClick={add}>
          Add person
        </button>
      </fieldset>
    </SubScreen>
  )
}

function TimeScreen({ form, onBack }: { form: Form; onBack: () => void }) {
  const { errors } = form.formState
  const done = () => {
    const v = form.getValues()
    if (v.startTime && v.endTime && v.endTime <= v.startTime) {
      form.setError('endTime', { type: 'local', message: MSG.endAfterStart })
      return
    }
    onBack()
  }
  const onTimeChange = { onChange: () => clear(form, ['date', 'startTime', 'endTime']) }
  return (
    <SubScreen title="Time and date" onBack={done} done>
      <p className="cal-help">Times are UK time (London), and stay the same across the clock changes.</p>
      <Field id="cal-date" label="Date" error={errors.date?.message}>
        <input id="cal-date" type="date" min={DATE_MIN} max={DATE_MAX} aria-invalid={!!errors.date} {...form.register('date', onTimeChange)} />
      </Field>
      <div className="cal-two">
        <Field id="cal-start" label="Start time" error={errors.startTime?.message}>
          <input id="cal-start" type="time" aria-invalid={!!errors.startTime} {...form.register('startTime', onTimeChange)} />
        </Field>
        <Field id="cal-end" label="End time" error={errors.endTime?.message}>
          <input id="cal-end" type="time" aria-invalid={!!errors.endTime} aria-describedby={describedBy('cal-end', { error: errors.endTime })} {...form.register('endTime', onTimeChange)} />
        </Field>
      </div>
    </SubScreen>
  )
}

function FrequencyScreen({ form, onBack }: { form: Form; onBack: () => void }) {
  const { errors } = form.formState
  const frequency = form.watch('frequency')
  const date = form.watch('date')
  const note = monthlyEndNote(date, frequency)
  return (
    <SubScreen title="Frequency" onBack={onBack}>
      <fieldset className="cal-fieldset">
        <legend>How often</legend>
        <div className="cal-options">
          {FREQUENCIES.map((f) => (
            <label key={f.value} className={`cal-option${frequency === f.value ? ' is-active' : ''}`}>
              <input
                type="radio"
                name="frequency"
                value={f.value}
                checked={frequency === f.value}
                onChange={() => {
                  form.setValue('frequency', f.value)
                  // Picking one off clears the limit date (spec 3 section 4).
                  if (f.value === 'one-off') form.setValue('limitDate', '')
                  clear(form, ['frequency', 'limitDate'])
                }}
              />
              {f.label}
            </label>
          ))}
        </div>
      </fieldset>
      {note ? <p className="cal-help cal-help--note">{note}</p> : null}
      {frequency && frequency !== 'one-off' ? (
        <Field id="cal-limit" label="Limit date (optional)" error={errors.limitDate?.message} hint="The last day it repeats; leave empty to repeat with no end.">
          <input
            id="cal-limit"
            type="date"
            min={date || DATE_MIN}
            max={DATE_MAX}
            aria-invalid={!!errors.limitDate}
            aria-describedby={describedBy('cal-limit', { hint: true, error: errors.limitDate })}
            {...form.register('limitDate', { onChange: () => clear(form, ['limitDate']) })}
          />
        </Field>
      ) : null}
    </SubScreen>
  )
}

function AlertScreen({ form, onBack }: { form: Form; onBack: () => void }) {
  const alert = form.watch('alert')
  return (
    <SubScreen title="Alert" onBack={onBack} done={false}>
      <p className="cal-help">An e-mail reminds you before each time the event happens.</p>
      <ul className="cal-picker" aria-label="Alert">
        {ALERTS.map((a) => (
          <li key={a}>
            <button
              type="button"
              className={`cal-picker__item${alert === a ? ' is-active' : ''}`}
              aria-pressed={alert === a}
              onClick={() => {
                form.setValue('alert', a)
                clear(form, ['alert'])
                // Choosing an alert returns to the initial screen (spec 3 section 4).
                onBack()
              }}
            >
              <Bell aria-hidden size={18} />
              <span>{alertLabel(a)}</span>
            </button>
          </li>
        ))}
      </ul>
    </SubScreen>
  )
}
