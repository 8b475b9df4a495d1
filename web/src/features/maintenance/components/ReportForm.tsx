// The guided repair report (issue 44). A tenant chooses what the problem is
// about, answers its few questions, and when an answer means danger (a smell
// of gas, a CO alarm, sparking, water near electrics) the safety advice is
// shown first, at the top, before anything else; the report is still
// recorded, as an emergency. Then the room, a description, when they are
// available, whether a contractor may enter when they are out and, only with
// explicit consent, who in the home is vulnerable. A landlord logging a
// report received elsewhere chooses the property and says when and how they
// were told (the clocks count from that moment).
//
// The server checks everything; its messages are shown beside the fields and
// nothing typed is lost.
import { useEffect, useMemo, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { AlertTriangle, Phone } from 'lucide-react'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { errorFields, errorMessage } from '../../../lib/errors'
import type { RepairAdvice, RepairForm, RepairReport } from '../api/repairs'
import { priorityText } from '../format'
import { PhotoPicker, type Picked } from './PhotoPicker'

/** Extras: the photos chosen, and the original message's file of a logged report; sent once the report is recorded. */
export type ReportExtras = { photos: Picked[]; original?: File }

export const ORIGINAL_ACCEPT = 'application/pdf,.pdf,image/jpeg,image/png,.jpg,.jpeg,.png,message/rfc822,.eml,text/plain,.txt'
export const MSG_ORIGINAL_TYPE = 'Please attach the original message as a PDF, a photo or screenshot (JPEG or PNG), or an e-mail saved as .eml or .txt.'
export const MSG_ORIGINAL_LARGE = 'The original message’s file is larger than 10 MB. Please attach a smaller copy.'

/** originalProblem is the message for an original message's file that cannot be sent, or ''. */
export function originalProblem(f: Pick<File, 'name' | 'type' | 'size'>): string {
  if (!/\.(pdf|jpe?g|png|eml|txt)$/i.test(f.name) && !['application/pdf', 'image/jpeg', 'image/png', 'message/rfc822', 'text/plain'].includes(f.type)) {
    return MSG_ORIGINAL_TYPE
  }
  if (f.size > 10 * 1024 * 1024) return MSG_ORIGINAL_LARGE
  return ''
}

export type PropertyChoice = { id: string; address: string }

type Values = {
  propertyId: string
  category: string
  answers: Record<string, string>
  room: string
  description: string
  availability: string
  entryWhenOut: '' | 'yes' | 'no'
  vulnerable: boolean
  groups: string[]
  consent: boolean
  awareAt: string
  channel: string
  channelNote: string
}

type Props = {
  form: RepairForm
  landlord: boolean
  /** properties: the landlord's, to log a report for. */
  properties?: PropertyChoice[]
  busy: boolean
  error: unknown
  onSubmit: (body: RepairReport, extras: ReportExtras) => void
}

function nowLocal(): string {
  // UK wall-clock time for a datetime-local box: 2026-11-02T09:12.
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date())
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? ''
  return `${p('year')}-${p('month')}-${p('day')}T${p('hour')}:${p('minute')}`
}

export function ReportForm({ form, landlord, properties = [], busy, error, onSubmit }: Props) {
  const homes = form.homes
  const { register, handleSubmit, control, setValue } = useForm<Values>({
    defaultValues: {
      propertyId: landlord ? (properties.length === 1 ? properties[0].id : '') : (homes[0]?.propertyId ?? ''),
      category: '',
      answers: {},
      room: '',
      description: '',
      availability: '',
      entryWhenOut: '',
      vulnerable: false,
      groups: [],
      consent: false,
      awareAt: landlord ? nowLocal() : '',
      channel: '',
      channelNote: '',
    },
  })
  const [photos, setPhotos] = useState<Picked[]>([])
  const [photoProblems, setPhotoProblems] = useState<string[]>([])
  const [original, setOriginal] = useState<File | undefined>()
  const [originalError, setOriginalError] = useState('')
  const [clientKey] = useState(() => globalThis.crypto?.randomUUID?.() ?? `r-${Date.now()}-${Math.random()}`)
  const categoryId = useWatch({ control, name: 'category' })
  const answers = useWatch({ control, name: 'answers' }) ?? {}
  const propertyId = useWatch({ control, name: 'propertyId' })
  const vulnerable = useWatch({ control, name: 'vulnerable' })
  const category = form.categories.find((c) => c.id === categoryId)

  const jurisdiction = homes.find((h) => h.propertyId === propertyId)?.jurisdiction ?? homes[0]?.jurisdiction ?? 'England'
  const chosen = useMemo(
    () => (category ? category.questions.map((q) => q.options.find((o) => o.id === answers[q.id])).filter((o) => o !== undefined) : []),
    [category, answers],
  )
  const advice: RepairAdvice[] = useMemo(() => {
    const nation = form.safety[jurisdiction] ?? form.safety.England ?? {}
    const ids = [...new Set(chosen.map((o) => o.safety).filter((s): s is string => !!s))]
    return ids.map((id) => nation[id]).filter((a): a is RepairAdvice => !!a)
  }, [chosen, form.safety, jurisdiction])
  const emergency = chosen.some((o) => o.priority === 'emergency') || (category?.priority === 'emergency' && chosen.length > 0)

  // The advice comes first: when it appears, bring it into view.
  const adviceRef = useRef<HTMLDivElement>(null)
  const adviceIds = advice.map((a) => a.id).join(',')
  useEffect(() => {
    if (adviceIds) adviceRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })
  }, [adviceIds])

  // A new category starts its questions afresh.
  useEffect(() => {
    setValue('answers', {})
  }, [categoryId, setValue])

  const fields = errorFields(error)
  const err = (k: string) => fields[k]

  const submit = handleSubmit((v) => {
    const body: RepairReport = {
      category: v.category,
      answers: Object.fromEntries(Object.entries(v.answers ?? {}).filter(([, a]) => !!a)),
      room: v.room,
      description: v.description,
      availability: v.availability,
      clientKey,
    }
    if (v.propertyId) body.propertyId = v.propertyId
    if (v.entryWhenOut) body.entryWhenOut = v.entryWhenOut === 'yes'
    if (landlord) {
      body.awareAt = v.awareAt
      if (v.channel) body.channel = v.channel as RepairReport['channel']
      body.channelNote = v.channelNote
    } else if (v.vulnerable) {
      body.vulnerability = { groups: v.groups as NonNullable<RepairReport['vulnerability']>['groups'], consent: v.consent }
    }
    onSubmit(body, { photos, original })
  })

  const descLimit = form.limits.description ?? 2000

  return (
    <form className="rp-form" onSubmit={submit} noValidate>
      {advice.length > 0 ? (
        <div ref={adviceRef} className="rp-safety" role="alert" aria-labelledby="rp-safety-title">
          <h2 id="rp-safety-title" className="rp-safety__title">
            <AlertTriangle aria-hidden size={22} /> Safety first
          </h2>
          {advice.map((a) => (
            <div key={a.id} className="rp-safety__advice">
              <h3>{a.title}</h3>
              <ol>
                {a.steps.map((s) => <li key={s}>{s}</li>)}
              </ol>
              {a.line ? (
                <p className="rp-safety__line">
                  <Phone aria-hidden size={18} /> {a.line.name}:{' '}
                  <a href={`tel:${a.line.number.replace(/\s+/g, '')}`}><strong>{a.line.number}</strong></a>
                  {a.line.note ? <span className="rp-small"> {a.line.note}</span> : null}
                </p>
              ) : null}
            </div>
          ))}
          <p className="rp-safety__then">When you are safe, finish the report below: it will be recorded as an emergency.</p>
        </div>
      ) : null}

      {landlord ? (
        <Field id="rp-property" label="Property" error={err('propertyId')}>
          <select id="rp-property" {...register('propertyId')} aria-invalid={!!err('propertyId')} aria-describedby={describedBy('rp-property', { error: err('propertyId') })}>
            <option value="">Choose a property</option>
            {properties.map((p) => <option key={p.id} value={p.id}>{p.address}</option>)}
          </select>
        </Field>
      ) : homes.length > 1 ? (
        <Field id="rp-property" label="Your home" error={err('propertyId')}>
          <select id="rp-property" {...register('propertyId')} aria-invalid={!!err('propertyId')}>
            {homes.map((h) => <option key={h.propertyId} value={h.propertyId}>{h.address}</option>)}
          </select>
        </Field>
      ) : homes.length === 1 ? (
        <p className="rp-home">Your home: <strong>{homes[0].address}</strong></p>
      ) : null}

      {landlord ? (
        <fieldset className="rp-fieldset">
          <legend>How you were told</legend>
          <Field id="rp-aware" label="When you were told (UK time)" error={err('awareAt')} hint="The clocks count from this moment, not from now.">
            <input id="rp-aware" type="datetime-local" {...register('awareAt')} aria-invalid={!!err('awareAt')} aria-describedby={describedBy('rp-aware', { hint: 1, error: err('awareAt') })} />
          </Field>
          <Field id="rp-channel" label="How" error={err('channel')}>
            <select id="rp-channel" {...register('channel')} aria-invalid={!!err('channel')} aria-describedby={describedBy('rp-channel', { error: err('channel') })}>
              <option value="">Choose how</option>
              {form.channels.map((c) => <option key={c.id} value={c.id}>{c.text}</option>)}
            </select>
          </Field>
          <Field id="rp-channel-note" label="The original message or a note of the call" error={err('channelNote')}>
            <textarea id="rp-channel-note" rows={3} {...register('channelNote')} aria-invalid={!!err('channelNote')} aria-describedby={describedBy('rp-channel-note', { error: err('channelNote') })} />
          </Field>
          <Field id="rp-original" label="The original message's file (optional)" error={originalError || undefined}
            hint="A PDF, a screenshot or photo (JPEG or PNG), or the e-mail saved as .eml or .txt, at most 10 MB. It is kept as received, with its fingerprint (SHA-256).">
            <input id="rp-original" type="file" accept={ORIGINAL_ACCEPT} aria-invalid={!!originalError}
              aria-describedby={describedBy('rp-original', { hint: 1, error: originalError || undefined })}
              onChange={(e) => {
                const f = e.target.files?.[0]
                const problem = f ? originalProblem(f) : ''
                setOriginalError(problem)
                setOriginal(f && !problem ? f : undefined)
                if (problem) e.target.value = ''
              }} />
          </Field>
        </fieldset>
      ) : null}

      <Field id="rp-category" label="What is the problem about?" error={err('category')}>
        <select id="rp-category" {...register('category')} aria-invalid={!!err('category')} aria-describedby={describedBy('rp-category', { error: err('category') })}>
          <option value="">Choose a category</option>
          {form.categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </select>
      </Field>

      {category?.questions.map((q) => {
        const e = err(`answers.${q.id}`)
        return (
          <fieldset key={`${category.id}-${q.id}`} className={e ? 'rp-fieldset rp-question field--invalid' : 'rp-fieldset rp-question'} aria-describedby={e ? `rp-q-${q.id}-error` : undefined}>
            <legend>{q.text}{q.optional ? <span className="rp-muted"> (optional)</span> : null}</legend>
            {q.options.map((o) => (
              <label key={o.id} className="rp-choice">
                <input type="radio" value={o.id} {...register(`answers.${q.id}`)} />
                <span>{o.text}</span>
              </label>
            ))}
            {e ? <p id={`rp-q-${q.id}-error`} className="field-error" role="alert">{e}</p> : null}
          </fieldset>
        )
      })}

      {emergency ? (
        <p className="rp-emergency"><span className="rp-badge rp-badge--emergency">{priorityText.emergency}</span> This report will be recorded as an emergency.</p>
      ) : null}

      <Field id="rp-room" label="Room or part of the home" error={err('room')}>
        <select id="rp-room" {...register('room')} aria-invalid={!!err('room')} aria-describedby={describedBy('rp-room', { error: err('room') })}>
          <option value="">Choose a room</option>
          {form.rooms.map((r) => <option key={r} value={r}>{r}</option>)}
        </select>
      </Field>

      <Field id="rp-description" label="Describe the problem" error={err('description')} hint={`What you see, since when, and anything you have tried (${descLimit.toLocaleString('en-GB')} characters at most).`}>
        <textarea id="rp-description" rows={5} {...register('description')} aria-invalid={!!err('description')} aria-describedby={describedBy('rp-description', { hint: 1, error: err('description') })} />
      </Field>

      <PhotoPicker picked={photos} onChange={setPhotos} problems={photoProblems} onProblems={setPhotoProblems} />

      <Field id="rp-availability" label={landlord ? "The tenant's availability (optional)" : 'When are you available for a visit? (optional)'} error={err('availability')} hint={landlord ? undefined : 'For example: weekdays after 4pm, or any time on Saturdays.'}>
        <textarea id="rp-availability" rows={2} {...register('availability')} aria-invalid={!!err('availability')} aria-describedby={describedBy('rp-availability', { hint: landlord ? undefined : 1, error: err('availability') })} />
      </Field>

      <fieldset className="rp-fieldset">
        <legend>May a contractor come in when {landlord ? 'the tenant is' : 'you are'} out?</legend>
        <label className="rp-choice"><input type="radio" value="yes" {...register('entryWhenOut')} /> <span>Yes</span></label>
        <label className="rp-choice"><input type="radio" value="no" {...register('entryWhenOut')} /> <span>No, {landlord ? 'only when they are' : "only when I'm"} in</span></label>
      </fieldset>

      {!landlord ? (
        <fieldset className={err('vulnerability') || err('vulnerability.groups') || err('vulnerability.consent') ? 'rp-fieldset field--invalid' : 'rp-fieldset'}>
          <legend>Is anyone in the home vulnerable? (optional)</legend>
          <p className="rp-muted rp-small">
            A young child, pregnancy, a breathing condition, a disability or someone over 65 can make a repair more urgent. It is shared
            with your landlord only if you agree, only as far as the repair needs, and you can withdraw it later.
          </p>
          <label className="rp-choice"><input type="checkbox" {...register('vulnerable')} /> <span>Yes, I want to tell my landlord</span></label>
          {vulnerable ? (
            <div className="rp-vuln">
              {form.vulnerabilityGroups.map((g) => (
                <label key={g.id} className="rp-choice"><input type="checkbox" value={g.id} {...register('groups')} /> <span>{g.text}</span></label>
              ))}
              {err('vulnerability.groups') ? <p className="field-error" role="alert">{err('vulnerability.groups')}</p> : null}
              <label className="rp-choice rp-consent">
                <input type="checkbox" {...register('consent')} />
                <span>I agree that OmniRent shares this with my landlord for this repair.</span>
              </label>
              {err('vulnerability.consent') ? <p className="field-error" role="alert">{err('vulnerability.consent')}</p> : null}
              {err('vulnerability') ? <p className="field-error" role="alert">{err('vulnerability')}</p> : null}
            </div>
          ) : null}
        </fieldset>
      ) : null}

      {error ? <FormMessage kind="error">{errorMessage(error)}</FormMessage> : null}

      <div className="rp-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? <ButtonSpinner /> : null}
          {landlord ? 'Log the repair' : 'Send the report'}
        </button>
      </div>
    </form>
  )
}
