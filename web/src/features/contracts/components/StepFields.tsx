// The fields of each wizard step (spec 2 section 2, "Wizard", with the law's
// changes: no fixed term, statutory notice periods stated, a jurisdiction).
// The Wizard holds the answers; each step edits its part of them.
import { useState, type ReactNode } from 'react'
import { Field, describedBy } from '../../../components/Form'
import { RichEditor } from '../../../components/RichEditor'
import type { ContractAnswers, ContractCatalogue, ContractStep } from '../api/types'
import { NUMBERS_ONLY, penceToPounds, personName, sameEmail, type Person } from '../answers'

export type StepProps = {
  a: ContractAnswers
  set: (patch: Partial<ContractAnswers>) => void
  errors: Record<string, string>
  catalogue?: ContractCatalogue
  /** money keeps what was typed in the pound boxes, so "12a" can be told apart from nothing. */
  money: Record<string, string>
  setMoney: (k: string, v: string) => void
  /** where the property is: its postcode, whether the landlord must choose the jurisdiction, and between which */
  place?: { postcode: string; ask: boolean; choices: string[] }
}

function Text({ id, label, value, onChange, error, type = 'text', autoComplete }: {
  id: string; label: string; value?: string; onChange: (v: string) => void; error?: string; type?: string; autoComplete?: string
}) {
  return (
    <Field id={id} label={label} error={error}>
      <input id={id} type={type} value={value ?? ''} autoComplete={autoComplete} aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })} onChange={(e) => onChange(e.target.value)} />
    </Field>
  )
}

function Choice({ name, legend, options, value, onChange, error }: {
  name: string; legend: string; options: Array<[string, string]>; value?: string; onChange: (v: string) => void; error?: string
}) {
  return (
    <fieldset className="cw-choice" aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {options.map(([v, label]) => (
        <label key={v} className="cw-choice__option">
          <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} />
          <span>{label}</span>
        </label>
      ))}
      {error ? <p className="field-error" role="alert">{error}</p> : null}
    </fieldset>
  )
}

const YES_NO_SKIP: Array<[string, string]> = [['yes', 'Yes'], ['no', 'No'], ['skip', 'Skip']]
const YES_NO: Array<[string, string]> = [['yes', 'Yes'], ['no', 'No']]

function Note({ children }: { children: ReactNode }) {
  return <div className="cw-note">{children}</div>
}

function PersonFields({ prefix, p, onChange, errors, withEmail }: {
  prefix: string; p: Person; onChange: (p: Person) => void; errors: Record<string, string>; withEmail: boolean
}) {
  const id = prefix.replace(/\./g, '-')
  return (
    <div className="cw-grid">
      <Text id={`cw-${id}-first`} label="First name" value={p.first} error={errors[`${prefix}.first`]} onChange={(v) => onChange({ ...p, first: v })} />
      <Text id={`cw-${id}-middle`} label="Middle name" value={p.middle} onChange={(v) => onChange({ ...p, middle: v })} />
      <Text id={`cw-${id}-last`} label="Last name" value={p.last} error={errors[`${prefix}.last`]} onChange={(v) => onChange({ ...p, last: v })} />
      {withEmail ? (
        <Text id={`cw-${id}-email`} label="Email" type="email" value={p.email} error={errors[`${prefix}.email`]} onChange={(v) => onChange({ ...p, email: v })} />
      ) : null}
    </div>
  )
}

/** People is an editable list (tenants, occupiers) with an add form; e-mails already listed are not added twice. */
function People({ label, people, onChange, errors, prefix, withEmail }: {
  label: string; people: Person[]; onChange: (p: Person[]) => void; errors: Record<string, string>; prefix: string; withEmail: boolean
}) {
  const [draft, setDraft] = useState<Person>({})
  const [note, setNote] = useState('')
  function add() {
    if (!draft.first?.trim() && !draft.last?.trim()) return
    if (withEmail && people.some((p) => sameEmail(p.email, draft.email))) {
      setNote('This e-mail is already on the list.')
      return
    }
    onChange([...people, draft])
    setDraft({})
    setNote('')
  }
  return (
    <div className="cw-people">
      {people.length ? (
        <ul className="cw-people__list" aria-label={label}>
          {people.map((p, i) => (
            <li key={i}>
              <span>
                <strong>{personName(p) || '(no name)'}</strong>
                {p.email ? <span className="cw-muted"> {p.email}</span> : null}
                {Object.entries(errors)
                  .filter(([k]) => k.startsWith(`${prefix}.${i}.`))
                  .map(([k, m]) => (
                    <span key={k} className="field-error" role="alert"> {m}</span>
                  ))}
              </span>
              <button type="button" className="link-button" onClick={() => onChange(people.filter((_, j) => j !== i))}>
                Remove<span className="visually-hidden"> {personName(p)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <PersonFields prefix={`${prefix}-new`} p={draft} onChange={setDraft} errors={{}} withEmail={withEmail} />
      {note ? <p className="field-error" role="alert">{note}</p> : null}
      <button type="button" className="button button--outline" onClick={add}>
        Add {label === 'Tenants' ? 'tenant' : 'occupier'}
      </button>
      {errors[prefix] ? <p className="field-error" role="alert">{errors[prefix]}</p> : null}
    </div>
  )
}

function Money({ id, label, k, pence, onPence, props, error }: {
  id: string; label: string; k: string; pence?: number; onPence: (p: number) => void; props: StepProps; error?: string
}) {
  const typed = props.money[k] ?? penceToPounds(pence)
  return (
    <Field id={id} label={label} error={error}>
      <input id={id} inputMode="decimal" value={typed} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { error })}
        onChange={(e) => {
          props.setMoney(k, e.target.value)
          const v = e.target.value.replace(/,/g, '').trim()
          onPence(/^\d+(\.\d{1,2})?$/.test(v) ? Math.round(Number(v) * 100) : 0)
        }} />
    </Field>
  )
}

/** moneyProblem is the browser's quick check of a pound box ('Numbers only'). */
export function moneyProblem(typed: string | undefined): string | undefined {
  if (typed === undefined || typed.trim() === '') return undefined
  return /^\d+(\.\d{1,2})?$/.test(typed.replace(/,/g, '').trim()) ? undefined : NUMBERS_ONLY
}

export function StepFields({ step, ...p }: StepProps & { step: ContractStep }) {
  const { a, set, errors, catalogue, place } = p
  const rules = catalogue?.england?.rules
  switch (step) {
    case 'landlord': {
      const l = a.landlord ?? {}
      return (
        <>
          <p className="cw-muted">Give the landlord's full name, or a company name.</p>
          <div className="cw-grid">
            <Text id="cw-landlord-first" label="First name" value={l.first} onChange={(v) => set({ landlord: { ...l, first: v } })} />
            <Text id="cw-landlord-middle" label="Middle name" value={l.middle} onChange={(v) => set({ landlord: { ...l, middle: v } })} />
            <Text id="cw-landlord-last" label="Last name" value={l.last} onChange={(v) => set({ landlord: { ...l, last: v } })} />
            <Text id="cw-landlord-company" label="Company name" value={l.company} onChange={(v) => set({ landlord: { ...l, company: v } })} />
          </div>
          {errors.landlord ? <p className="field-error" role="alert">{errors.landlord}</p> : null}
        </>
      )
    }
    case 'serviceAddress': {
      const s = a.serviceAddress ?? {}
      const up = (k: string) => (v: string) => set({ serviceAddress: { ...s, [k]: v } })
      return (
        <>
          <p className="cw-muted">The address where the tenant can serve notices on the landlord.</p>
          <Text id="cw-sa-line1" label="First line of address" value={s.line1} error={errors['serviceAddress.line1']} onChange={up('line1')} autoComplete="address-line1" />
          <Text id="cw-sa-line2" label="Second line of address" value={s.line2} onChange={up('line2')} autoComplete="address-line2" />
          <div className="cw-grid">
            <Text id="cw-sa-town" label="Town" value={s.town} error={errors['serviceAddress.town']} onChange={up('town')} autoComplete="address-level2" />
            <Text id="cw-sa-postcode" label="Post code" value={s.postcode} error={errors['serviceAddress.postcode']} onChange={up('postcode')} autoComplete="postal-code" />
          </div>
          <Text id="cw-sa-country" label="Country" value={s.country} onChange={up('country')} autoComplete="country-name" />
        </>
      )
    }
    case 'jurisdiction':
      if (place && !place.ask) {
        return (
          <>
            <p className="cw-fact"><strong>{a.jurisdiction}</strong></p>
            {errors.jurisdiction ? <p className="field-error" role="alert">{errors.jurisdiction}</p> : null}
            <Note>We filled this in from the property's postcode ({place.postcode}): the law of {a.jurisdiction} applies to the property.</Note>
          </>
        )
      }
      return (
        <>
          <Choice name="jurisdiction" legend={`The postcode ${place?.postcode ?? ''} is in a district that crosses a border. The law of which part of the UK applies to the property?`}
            value={a.jurisdiction} error={errors.jurisdiction}
            options={(place?.choices ?? catalogue?.jurisdictions ?? []).map((j) => [j, j])}
            onChange={(v) => set({ jurisdiction: v })} />
          <Note>Choose the country the property itself is in. For Scotland, Wales or Northern Ireland the builder follows that nation's law, words and deadlines.</Note>
        </>
      )
    case 'contractType':
      return (
        <Choice name="contractType" legend="What is being let?" value={a.contractType} error={errors.contractType}
          options={[['whole', 'Standard whole property'], ['room', 'Room only within building']]} onChange={(v) => set({ contractType: v })} />
      )
    case 'roomLocation':
      return <Text id="cw-room" label="Where is the room in the building?" value={a.roomLocation} error={errors.roomLocation} onChange={(v) => set({ roomLocation: v })} />
    case 'residentLandlord': {
      const law = catalogue?.england?.law?.residentLandlord
      return (
        <>
          <Choice name="residentLandlord" legend={law?.question ?? 'Does the landlord live in the same property, as their only or main home?'}
            value={a.residentLandlord} error={errors.residentLandlord} options={YES_NO} onChange={(v) => set({ residentLandlord: v })} />
          {a.residentLandlord === 'yes' && !errors.residentLandlord && law ? <Note>{law.message}</Note> : null}
        </>
      )
    }
    case 'termType':
      return (
        <>
          <Choice name="termType" legend="Term type" value="periodic" options={[['periodic', 'Contractual Periodic (rolling)']]} onChange={() => undefined} />
          <Note>
            <strong>Why is there no fixed term?</strong> {rules?.fixedTermReason}
          </Note>
        </>
      )
    case 'startDate':
      return (
        <>
          <Text id="cw-start" label="Start date" type="date" value={a.startDate} error={errors.startDate} onChange={(v) => set({ startDate: v })} />
          <Note>The tenancy has no end date: it runs from one rent period to the next until it is ended lawfully.</Note>
        </>
      )
    case 'noticePeriod':
      return (
        <Note>
          <p><strong>The tenant:</strong> {rules?.tenantNotice}</p>
          <p><strong>The landlord:</strong> {rules?.landlordNotice}</p>
          <p className="cw-muted">These periods are set by law; the agreement states them.</p>
        </Note>
      )
    case 'tenants':
      return <People label="Tenants" prefix="tenants" people={(a.tenants ?? []) as Person[]} errors={errors} withEmail onChange={(t) => set({ tenants: t })} />
    case 'guarantor': {
      const g = a.guarantor ?? {}
      return (
        <>
          <Choice name="guarantor" legend="Is there a guarantor?" value={g.answer} error={errors.guarantor} options={YES_NO_SKIP} onChange={(v) => set({ guarantor: { ...g, answer: v } })} />
          {g.answer === 'yes' ? (
            <PersonFields prefix="guarantor" p={g as Person} errors={errors} withEmail onChange={(x) => set({ guarantor: { ...x, answer: 'yes' } })} />
          ) : null}
        </>
      )
    }
    case 'occupiers': {
      const o = a.occupiers ?? {}
      return (
        <>
          <Choice name="occupiers" legend="Will anyone else live at the property?" value={o.answer} error={errors.occupiers} options={YES_NO_SKIP} onChange={(v) => set({ occupiers: { ...o, answer: v } })} />
          {o.answer === 'yes' ? (
            <People label="Permitted occupiers" prefix="occupiers" people={(o.people ?? []) as Person[]} errors={errors} withEmail={false} onChange={(x) => set({ occupiers: { answer: 'yes', people: x } })} />
          ) : null}
        </>
      )
    }
    case 'rent':
      return (
        <>
          <div className="cw-grid">
            <Money id="cw-rent" label="Rent (£)" k="rent" pence={a.rentPence} props={p} error={moneyProblem(p.money.rent) ?? errors.rentPence} onPence={(v) => set({ rentPence: v })} />
            <Field id="cw-rent-period" label="Rent period" error={errors.rentPeriod}>
              <select id="cw-rent-period" value={a.rentPeriod ?? 'weekly'} onChange={(e) => set({ rentPeriod: e.target.value as 'weekly' | 'monthly' })}>
                <option value="weekly">Weekly</option>
                <option value="monthly">Monthly</option>
              </select>
            </Field>
          </div>
          <Note>The rent can only be raised later by a section 13 notice, once a year at most, with two months' notice.</Note>
        </>
      )
    case 'firstPayment':
      return (
        <>
          <Text id="cw-first-payment" label="First payment date" type="date" value={a.firstPaymentDate} error={errors.firstPaymentDate} onChange={(v) => set({ firstPaymentDate: v })} />
          <Note>Rent in advance is capped: at most {rules?.maxRentInAdvance ?? 'one month'}.</Note>
        </>
      )
    case 'deposit': {
      const d = a.deposit ?? {}
      return (
        <>
          <Choice name="deposit" legend="Security deposit" value={d.kind} error={errors.deposit}
            options={[['standard', 'Standard Security Deposit'], ['zero', 'Zero Deposit Scheme'], ['skip', 'Skip this step']]} onChange={(v) => set({ deposit: { ...d, kind: v } })} />
          {d.kind === 'standard' ? (
            <>
              <Money id="cw-deposit" label="Deposit per tenant (£)" k="deposit" pence={d.perTenantPence} props={p}
                error={moneyProblem(p.money.deposit) ?? errors['deposit.perTenantPence']} onPence={(v) => set({ deposit: { ...d, perTenantPence: v } })} />
              <Field id="cw-scheme" label="Deposit scheme" error={errors['deposit.scheme']}>
                <select id="cw-scheme" value={d.scheme ?? ''} onChange={(e) => set({ deposit: { ...d, scheme: e.target.value } })}>
                  <option value="">Choose a scheme</option>
                  {(catalogue?.depositSchemes ?? []).map((s) => <option key={s} value={s}>{s}</option>)}
                </select>
              </Field>
              {d.scheme === 'Other' ? (
                <Text id="cw-scheme-other" label="Which scheme?" value={d.schemeOther} error={errors['deposit.schemeOther']} onChange={(v) => set({ deposit: { ...d, schemeOther: v } })} />
              ) : null}
              <Note>The deposit is capped at five weeks' rent (six when the rent is £50,000 a year or more), and must be protected within 30 days.</Note>
            </>
          ) : null}
          {d.kind === 'zero' ? (
            <Money id="cw-zero" label="Zero deposit scheme amount (£)" k="zero" pence={d.zeroPence} props={p}
              error={moneyProblem(p.money.zero) ?? errors['deposit.zeroPence']} onPence={(v) => set({ deposit: { ...d, zeroPence: v } })} />
          ) : null}
        </>
      )
    }
    case 'utilities': {
      const u = a.utilities ?? {}
      const items = u.items ?? []
      return (
        <>
          <Choice name="utilities" legend="Does the rent include any bills?" value={u.answer} error={errors.utilities && u.answer !== 'yes' ? errors.utilities : undefined} options={YES_NO} onChange={(v) => set({ utilities: { ...u, answer: v } })} />
          {u.answer === 'yes' ? (
            <fieldset className="cw-choice">
              <legend>Bills included</legend>
              {(catalogue?.utilities ?? []).map((it) => (
                <label key={it} className="cw-choice__option">
                  <input type="checkbox" checked={items.includes(it)}
                    onChange={(e) => set({ utilities: { ...u, items: e.target.checked ? [...items, it] : items.filter((x) => x !== it) } })} />
                  <span>{it}</span>
                </label>
              ))}
              {errors.utilities ? <p className="field-error" role="alert">{errors.utilities}</p> : null}
            </fieldset>
          ) : null}
          {u.answer === 'yes' && items.includes('Other') ? (
            <Text id="cw-utilities-other" label="Other bills" value={u.other} error={errors['utilities.other']} onChange={(v) => set({ utilities: { ...u, other: v } })} />
          ) : null}
        </>
      )
    }
    case 'schedule':
      return <Text id="cw-schedule" label="Date for the schedule of condition and inventory" type="date" value={a.scheduleDate} error={errors.scheduleDate} onChange={(v) => set({ scheduleDate: v })} />
    case 'shared': {
      const s = a.shared ?? {}
      return (
        <>
          <Choice name="shared" legend="Does the tenant share any facilities?" value={s.answer} options={YES_NO} onChange={(v) => set({ shared: { ...s, answer: v } })} />
          {s.answer === 'yes' ? (
            <Text id="cw-shared" label="Shared facilities, separated by commas" value={s.facilities} error={errors.shared} onChange={(v) => set({ shared: { ...s, facilities: v } })} />
          ) : errors.shared ? <p className="field-error" role="alert">{errors.shared}</p> : null}
        </>
      )
    }
    case 'parking': {
      const k = a.parking ?? {}
      return (
        <>
          <Choice name="parking" legend="Does the tenancy include allocated parking?" value={k.answer} error={errors.parking} options={YES_NO} onChange={(v) => set({ parking: { ...k, answer: v } })} />
          {k.answer === 'yes' ? (
            <div className="cw-grid">
              <Text id="cw-parking-spaces" label="Number of spaces" type="number" value={k.spaces ? String(k.spaces) : ''} error={errors['parking.spaces']}
                onChange={(v) => set({ parking: { ...k, spaces: Number(v) || 0 } })} />
              <Field id="cw-parking-type" label="Parking type" error={errors['parking.type']}>
                <select id="cw-parking-type" value={k.type ?? ''} onChange={(e) => set({ parking: { ...k, type: e.target.value } })}>
                  <option value="">Choose a type</option>
                  {(catalogue?.parkingTypes ?? []).map((t) => <option key={t} value={t}>{t}</option>)}
                </select>
              </Field>
              {k.type === 'Other' ? <Text id="cw-parking-other" label="Which type?" value={k.typeOther} onChange={(v) => set({ parking: { ...k, typeOther: v } })} /> : null}
              <Text id="cw-parking-location" label="Location" value={k.location} error={errors['parking.location']} onChange={(v) => set({ parking: { ...k, location: v } })} />
            </div>
          ) : null}
        </>
      )
    }
    case 'additionalTerms': {
      const t = a.additionalTerms ?? {}
      return (
        <>
          <div className="cw-warning" role="note">
            <strong>Your tenant's statutory rights.</strong> {catalogue?.england?.statutoryRightsWarning}
          </div>
          <Choice name="additionalTerms" legend="Do you want to add terms of your own?" value={t.answer} options={YES_NO} onChange={(v) => set({ additionalTerms: { ...t, answer: v } })} />
          {t.answer === 'yes' ? (
            <>
              <p id="cw-terms-label" className="cw-label">Additional terms</p>
              <RichEditor id="cw-terms" labelledBy="cw-terms-label" initial={t.text ?? { ops: [] }} placeholder="Write your additional terms"
                onChange={(v) => set({ additionalTerms: { answer: 'yes', text: v as never } })} />
            </>
          ) : null}
          {errors.additionalTerms ? <p className="field-error" role="alert">{errors.additionalTerms}</p> : null}
        </>
      )
    }
    case 'mortgage':
      return <Choice name="mortgage" legend="Is the property subject to a mortgage?" value={a.mortgage} error={errors.mortgage} options={YES_NO} onChange={(v) => set({ mortgage: v })} />
    case 'finished':
      return <p>Every answer is in. Preview the agreement, make any changes to its wording, and it is ready to sign.</p>
  }
}
