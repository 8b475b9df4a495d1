// Report Settings, Property Overview and the Check-in / Check-out keys and
// alarms (spec 3 section 2, step 2).
import { useState } from 'react'
import { Field } from '../../../components/Form'
import { useToast } from '../../../components/Toast'
import type { Condition } from '../api/keys'
import { firstErrors, MSG, settingsSchema } from '../rules'
import { ConditionEditor } from './ConditionEditor'
import { useEditor } from './editorContext'
import { PhotoSet } from './Photos'

function YesNo({ label, value, onChange }: { label: string; value: boolean; onChange: (v: boolean) => void }) {
  return (
    <fieldset className="inv-fieldset inv-yesno">
      <legend>{label}</legend>
      <div className="inv-chips">
        {[false, true].map((v) => (
          <button key={String(v)} type="button" className={`inv-chip${value === v ? ' is-active' : ''}`} aria-pressed={value === v} onClick={() => onChange(v)}>
            {v ? 'Yes' : 'No'}
          </button>
        ))}
      </div>
    </fieldset>
  )
}

export function SettingsScreen() {
  const { report, data, update, back } = useEditor()
  const toast = useToast()
  const s = data.settings
  const [inspector, setInspector] = useState(s.inspector)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const a = report.property
  const save = () => {
    const r = settingsSchema.safeParse(inspector)
    if (!r.success) {
      const e = firstErrors(r.error)
      setErrors(e)
      toast('error', e.first || e.last || e.email)
      return
    }
    setErrors({})
    update((d) => ({ ...d, settings: { ...d.settings, inspector: { first: r.data.first, last: r.data.last, email: r.data.email.toLowerCase() }, saved: true } }))
    toast('success', MSG.settingsSaved)
    back()
  }
  return (
    <section className="inv-screen" aria-labelledby="inv-settings-title">
      <h1 id="inv-settings-title" className="page__title">Report Settings</h1>
      <h2 className="inv-subtitle">Cover photo of the property front</h2>
      <PhotoSet single target={{ kind: 'cover' }} names={s.coverPhoto ? [s.coverPhoto] : []} label="Cover photo"
        onRemove={() => update((d) => ({ ...d, settings: { ...d.settings, coverPhoto: '' } }))} />
      <Field id="s-address" label="Property address">
        <input id="s-address" readOnly value={[a.addrFirstLine, a.addrSecondLine, a.town, a.postcode].filter(Boolean).join(', ')} />
      </Field>
      <form className="inv-form" noValidate onSubmit={(e) => { e.preventDefault(); save() }}>
        <Field id="s-first" label="Inspector first name" error={errors.first}>
          <input id="s-first" value={inspector.first} onChange={(e) => setInspector({ ...inspector, first: e.target.value })} />
        </Field>
        <Field id="s-last" label="Inspector last name" error={errors.last}>
          <input id="s-last" value={inspector.last} onChange={(e) => setInspector({ ...inspector, last: e.target.value })} />
        </Field>
        <Field id="s-email" label="Inspector e-mail" error={errors.email}>
          <input id="s-email" type="email" value={inspector.email} onChange={(e) => setInspector({ ...inspector, email: e.target.value })} />
        </Field>
        <YesNo label="Students" value={s.students} onChange={(v) => update((d) => ({ ...d, settings: { ...d.settings, students: v } }))} />
        <YesNo label="Pets" value={s.pets} onChange={(v) => update((d) => ({ ...d, settings: { ...d.settings, pets: v } }))} />
        <button type="submit" className="button button--block">save property settings</button>
      </form>
    </section>
  )
}

export function OverviewScreen() {
  const { data, update, back, flush } = useEditor()
  return (
    <section className="inv-screen" aria-labelledby="inv-overview-title">
      <h1 id="inv-overview-title" className="page__title">Property Overview</h1>
      <ConditionEditor value={data.overview} label="Property overview" target={{ kind: 'overview' }}
        onChange={(p: Partial<Condition>) => update((d) => ({ ...d, overview: { ...d.overview, ...p } }))} />
      <button type="button" className="button button--block inv-screen__done" onClick={() => { void flush(); back() }}>save overview</button>
    </section>
  )
}

export function KeysAlarmsScreen({ which }: { which: 'checkIn' | 'checkOut' }) {
  const { data, update, back } = useEditor()
  const ka = data[which]
  const title = which === 'checkIn' ? 'Check-in' : 'Check-out'
  const patch = (part: 'keys' | 'alarms') => (p: Partial<Condition>) => update((d) => ({ ...d, [which]: { ...d[which], [part]: { ...d[which][part], ...p } } }))
  return (
    <section className="inv-screen" aria-labelledby="inv-ka-title">
      <h1 id="inv-ka-title" className="page__title">{title}</h1>
      <h2 className="inv-subtitle">Keys</h2>
      <ConditionEditor rating={false} value={ka.keys} label="Keys" target={{ kind: 'keys', which, part: 'keys' }} onChange={patch('keys')} />
      <h2 className="inv-subtitle">Alarm systems</h2>
      <ConditionEditor rating={false} value={ka.alarms} label="Alarm systems" target={{ kind: 'keys', which, part: 'alarms' }} onChange={patch('alarms')} />
      <button type="button" className="button button--block inv-screen__done" onClick={() => { update((d) => ({ ...d, [which]: { ...d[which], done: true } })); back() }}>
        Complete
      </button>
    </section>
  )
}
