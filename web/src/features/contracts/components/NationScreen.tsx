// The builder for a property in Scotland, Wales or Northern Ireland (issue 46).
// One page asks what that nation's law needs, in its own words (Wales:
// contract-holder and occupation date), and the server checks every answer
// with the nation's rules, naming each rule's source; the answers are kept
// even when a rule refuses them. The nation's document is made only when the
// exact published text its law prescribes is held: until then the page says
// which parts are missing and links the government's own generator.
import { useEffect, useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { api, unwrap } from '../../../lib/api'
import { errorFields, errorMessage } from '../../../lib/errors'
import { storeContract } from '../api/mutations'
import { useSaveStep } from '../api/saveStep'
import { contractKey, type Contract, type ContractAnswers } from '../api/types'
import { penceToPounds } from '../answers'

type Nation = NonNullable<Contract['nation']>
type NationAnswers = NonNullable<ContractAnswers['nation']>

export function useSaveNation(id: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (answers: ContractAnswers) =>
      (await unwrap(api.PUT('/api/contracts/{id}/nation', { params: { path: { id } }, body: answers }))).contract,
    onSuccess: (c) => storeContract(qc, c),
    // A refused answer is kept on the server: read the draft again, so the
    // deposit cap and the deadlines follow what was typed.
    onError: () => void qc.invalidateQueries({ queryKey: contractKey(id) }),
  })
}

/** capital is a phrase with its first letter upper case ("Contract-holder"). */
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

function poundsToPence(v: string): number | undefined {
  const t = v.replace(/,/g, '').trim()
  if (t === '') return 0
  return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : undefined
}

function Input({ id, label, value, onChange, error, hint, type = 'text', inputMode }: {
  id: string; label: string; value: string; onChange: (v: string) => void; error?: string; hint?: string; type?: string; inputMode?: 'decimal'
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input id={id} type={type} value={value} inputMode={inputMode} aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error, hint })} onChange={(e) => onChange(e.target.value)} />
    </Field>
  )
}

function Source({ statute, source }: { statute?: string; source?: string }) {
  if (!statute) return null
  return (
    <span className="cw-muted cw-source">
      {' '}Source: {source ? <a href={source} target="_blank" rel="noreferrer">{statute}</a> : statute}.
    </span>
  )
}

type Props = { contract: Contract; nation: Nation }

export function NationScreen({ contract, nation }: Props) {
  const words = nation.vocabulary
  const [a, setA] = useState<ContractAnswers>(contract.answers)
  const [money, setMoney] = useState<Record<string, string>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState('')
  const [saved, setSaved] = useState('')
  const save = useSaveNation(contract.id)
  const step = useSaveStep(contract.id)

  useEffect(() => {
    setA(contract.answers)
  }, [contract.id, contract.answers])

  const n: NationAnswers = a.nation ?? {}
  const setN = (patch: Partial<NationAnswers>) => setA((old) => ({ ...old, nation: { ...(old.nation ?? {}), ...patch } }))
  const tenant = a.tenants?.[0] ?? {}
  const l = a.landlord ?? {}
  const sa = a.serviceAddress ?? {}

  const moneyField = (k: 'rentPence' | 'depositPence' | 'holdingPence') => ({
    value: money[k] ?? (n[k] ? penceToPounds(n[k]) : ''),
    onChange: (v: string) => {
      setMoney((m) => ({ ...m, [k]: v }))
      setN({ [k]: poundsToPence(v) ?? 0 } as Partial<NationAnswers>)
    },
  })

  function submit(ev: React.FormEvent) {
    ev.preventDefault()
    const typed: Record<string, string> = {}
    for (const k of ['rentPence', 'depositPence', 'holdingPence'] as const) {
      if (money[k] !== undefined && poundsToPence(money[k]) === undefined) typed[`nation.${k}`] = 'Numbers only, in pounds (for example 950 or 950.50)'
    }
    if (Object.keys(typed).length) {
      setErrors(typed)
      return
    }
    setSaved('')
    save.mutate(a, {
      onSuccess: () => {
        setErrors({})
        setMessage('')
        setSaved('Saved. Every answer follows the law of ' + nation.jurisdiction + '.')
      },
      onError: (e) => {
        setErrors(errorFields(e))
        setMessage(errorMessage(e))
      },
    })
  }

  const err = (k: string) => errors[k]
  return (
    <form className="cw panel cw-nation" onSubmit={submit} noValidate aria-labelledby="cw-nation-title">
      <h2 id="cw-nation-title" className="cw__title">
        {capital(words.agreement)} ({nation.jurisdiction})
      </h2>
      <p className="cw-muted">
        This property is in {nation.jurisdiction}, so the law of {nation.jurisdiction} applies: {nation.law}.
        {' '}The builder uses its words ({words.tenant}, {words.startDate}, {words.landlordNotice}) and checks every answer with its rules.
      </p>

      {contract.askJurisdiction ? (
        <Field id="cwn-jurisdiction" label="Where is the property?" hint={`Its postcode district (${contract.property.postcode}) crosses a border: choose the country the property itself is in.`}>
          <select id="cwn-jurisdiction" value={contract.jurisdiction} disabled={step.isPending}
            onChange={(e) => step.mutate({ step: 'jurisdiction', answers: { ...a, jurisdiction: e.target.value } }, { onError: (er) => setMessage(errorMessage(er)) })}>
            {contract.jurisdictionChoices.map((j) => <option key={j} value={j}>{j}</option>)}
          </select>
        </Field>
      ) : null}

      {!nation.canGenerate ? (
        <div className="cw-note cw-nation__missing" role="note" aria-labelledby="cw-nation-missing">
          <h3 id="cw-nation-missing">OmniRent cannot make this {words.document} yet</h3>
          <p>
            The law prescribes the wording of parts of it, and a paraphrase is not lawful. OmniRent does not yet hold the exact published text of:
          </p>
          <ul>
            {nation.missing.map((p) => (
              <li key={p.id}>
                <strong>{p.title}</strong>: <a href={p.source} target="_blank" rel="noreferrer">{p.instrument}</a> ({p.version})
              </li>
            ))}
          </ul>
          <p>
            Your answers are kept here, checked and dated. To make the document now, use the government's own generator:{' '}
            <a href={nation.generator.url} target="_blank" rel="noreferrer">{nation.generator.name}</a>.
          </p>
        </div>
      ) : null}

      <FormMessage kind="error">{message}</FormMessage>
      <FormMessage kind="success">{saved}</FormMessage>

      <fieldset className="cw-nation__group">
        <legend>Landlord</legend>
        <div className="cw-grid">
          <Input id="cwn-landlord-first" label="First name" value={l.first ?? ''} onChange={(v) => setA({ ...a, landlord: { ...l, first: v } })} />
          <Input id="cwn-landlord-last" label="Last name" value={l.last ?? ''} onChange={(v) => setA({ ...a, landlord: { ...l, last: v } })} />
          <Input id="cwn-landlord-company" label="Company name" value={l.company ?? ''} onChange={(v) => setA({ ...a, landlord: { ...l, company: v } })} />
        </div>
        {err('landlord') ? <p className="field-error" role="alert">{err('landlord')}</p> : null}
        {nation.requiredDetails.map((d) => (
          <div key={d.key}>
            <Input id={`cwn-detail-${d.key}`} label={d.label} value={n.details?.[d.key] ?? ''} hint={d.help}
              error={err(`nation.details.${d.key}`)} onChange={(v) => setN({ details: { ...(n.details ?? {}), [d.key]: v } })} />
            <p className="cw-muted cw-nation__why"><Source statute={d.statute} source={d.source} /></p>
          </div>
        ))}
      </fieldset>

      <fieldset className="cw-nation__group">
        <legend>Address for service</legend>
        <p className="cw-muted">The address where the {words.tenant} can send notices and documents to the landlord.</p>
        <Input id="cwn-sa-line1" label="First line of address" value={sa.line1 ?? ''} onChange={(v) => setA({ ...a, serviceAddress: { ...sa, line1: v } })} />
        <div className="cw-grid">
          <Input id="cwn-sa-town" label="Town" value={sa.town ?? ''} onChange={(v) => setA({ ...a, serviceAddress: { ...sa, town: v } })} />
          <Input id="cwn-sa-postcode" label="Post code" value={sa.postcode ?? ''} onChange={(v) => setA({ ...a, serviceAddress: { ...sa, postcode: v } })} />
        </div>
        {err('serviceAddress') ? <p className="field-error" role="alert">{err('serviceAddress')}</p> : null}
      </fieldset>

      <fieldset className="cw-nation__group">
        <legend>{capital(words.tenant)}</legend>
        <div className="cw-grid">
          <Input id="cwn-tenant-first" label="First name" value={tenant.first ?? ''} onChange={(v) => setA({ ...a, tenants: [{ ...tenant, first: v }] })} />
          <Input id="cwn-tenant-last" label="Last name" value={tenant.last ?? ''} onChange={(v) => setA({ ...a, tenants: [{ ...tenant, last: v }] })} />
          <Input id="cwn-tenant-email" label="Email" type="email" value={tenant.email ?? ''} onChange={(v) => setA({ ...a, tenants: [{ ...tenant, email: v }] })} />
        </div>
        {err('tenants') ? <p className="field-error" role="alert">{err('tenants')}</p> : null}
      </fieldset>

      <fieldset className="cw-nation__group">
        <legend>Rent and deposit</legend>
        <Input id="cwn-start" label={capital(words.startDate)} type="date" value={n.startDate ?? ''} error={err('nation.startDate')} onChange={(v) => setN({ startDate: v })} />
        <div className="cw-grid">
          <Input id="cwn-rent" label="Rent (£)" inputMode="decimal" {...moneyField('rentPence')} error={err('nation.rentPence')} />
          <Field id="cwn-period" label="Paid">
            <select id="cwn-period" value={n.rentPeriod ?? 'monthly'} onChange={(e) => setN({ rentPeriod: e.target.value as 'weekly' | 'monthly' })}>
              <option value="monthly">Monthly</option>
              <option value="weekly">Weekly</option>
            </select>
          </Field>
        </div>
        <Input id="cwn-deposit" label="Deposit (£)" inputMode="decimal" {...moneyField('depositPence')} error={err('nation.depositPence')}
          hint={nation.depositCap ? `At most ${nation.depositCap} for this rent.` : 'Write 0 for no deposit.'} />
        {nation.depositWarning ? <p className="cw-note" role="note">{nation.depositWarning}</p> : null}
        <Field id="cwn-scheme" label="Deposit scheme" error={err('nation.scheme')}>
          <select id="cwn-scheme" value={n.scheme ?? ''} aria-invalid={err('nation.scheme') ? true : undefined}
            aria-describedby={describedBy('cwn-scheme', { error: err('nation.scheme') })} onChange={(e) => setN({ scheme: e.target.value })}>
            <option value="">No deposit</option>
            {nation.deposit.schemes.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </Field>
        <p className="cw-muted">
          The schemes approved in {nation.jurisdiction}{nation.deposit.custodialOnly ? ' (custodial only: the money is paid to the scheme)' : ''}.
          <Source statute={nation.deposit.statute} source={nation.deposit.source} />
        </p>
        <Input id="cwn-holding" label="Holding deposit taken before the agreement (£)" inputMode="decimal" {...moneyField('holdingPence')} error={err('nation.holdingPence')}
          hint={nation.holdingDeposit.allowed ? (nation.holdingDeposit.maxWeeks ? `At most ${nation.holdingDeposit.maxWeeks} week's rent.` : undefined) : `Not allowed in ${nation.jurisdiction}: write 0.`} />
        <p className="cw-muted">{nation.prohibitedPayments.text}<Source statute={nation.prohibitedPayments.statute} source={nation.prohibitedPayments.source} /></p>
        <Input id="cwn-increase" label="Planned first rent increase (optional)" type="date" value={n.firstIncrease ?? ''} error={err('nation.firstIncrease')}
          hint={`The rent may go up at most once in ${nation.rentIncrease.minMonthsBetween} months, with ${nation.rentIncrease.noticeMonths} months' written notice${nation.firstRentIncrease && nation.rentIncrease.firstNotBeforeMonths ? `, and not before ${nation.firstRentIncrease}` : ''}.`}
          onChange={(v) => setN({ firstIncrease: v })} />
        <p className="cw-muted"><Source statute={nation.rentIncrease.statute} source={nation.rentIncrease.source} /></p>
      </fieldset>

      <fieldset className="cw-nation__group">
        <legend>Additional terms</legend>
        <Field id="cwn-terms" label={`Terms agreed with the ${words.tenant} (optional)`} error={err('nation.additionalTerms')}>
          <textarea id="cwn-terms" rows={4} value={n.additionalTerms ?? ''} aria-invalid={err('nation.additionalTerms') ? true : undefined}
            aria-describedby={describedBy('cwn-terms', { error: err('nation.additionalTerms') })} onChange={(e) => setN({ additionalTerms: e.target.value })} />
        </Field>
        <p className="cw-muted">Each term is checked against the law of {nation.jurisdiction}.</p>
      </fieldset>

      {nation.deadlines.length ? (
        <section className="cw-nation__deadlines" aria-labelledby="cw-nation-deadlines">
          <h3 id="cw-nation-deadlines">Legal deadlines for this tenancy</h3>
          <ul>
            {nation.deadlines.map((d) => (
              <li key={d.id}>
                <strong>{d.when}</strong>: {d.title}.<Source statute={d.statute} source={d.source} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="cw__actions">
        <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <ButtonSpinner /> : null}
          Save and check
        </button>
      </div>
    </form>
  )
}
