// /maintenance/contractors (issue 44): the landlord's contractors. Add,
// change or remove one; the trade says which registration it needs (Gas
// Safe for gas, a competent person scheme for electricians), and an expired
// insurance is shown as a warning. Only the landlord who keeps them sees them.
import { useState } from 'react'
import { Link } from 'react-router'
import { AlertTriangle, ArrowLeft, Pencil, Plus, Trash2 } from 'lucide-react'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { errorFields, errorMessage } from '../../../lib/errors'
import { useContractors, useDeleteContractor, useSaveContractor, type Contractor, type ContractorInput, type Trade } from '../api/visits'
import { formatPhone } from '../visitFormat'
import '../../../app/shell/pages.css'
import '../maintenance.css'

export default function ContractorsPage() {
  const q = useContractors()
  const [editing, setEditing] = useState<Contractor | 'new' | null>(null)
  const [saved, setSaved] = useState('')
  const remove = useDeleteContractor()
  return (
    <div className="page rp">
      <Link className="rp-back" to="/maintenance"><ArrowLeft aria-hidden size={18} /> Maintenance</Link>
      <div className="rp-head">
        <h1 className="page__title">Contractors</h1>
        {editing === null ? (
          <button type="button" className="button" onClick={() => { setEditing('new'); setSaved('') }}><Plus aria-hidden size={18} /> Add a contractor</button>
        ) : null}
      </div>
      <p className="rp-muted">The people you send repairs to. They get each job by e-mail, with a link for that job only: they need no account.</p>
      {saved ? <FormMessage kind="success">{saved}</FormMessage> : null}
      {q.isPending ? <div className="page-loading"><Spinner /></div> : null}
      {q.isError ? <FormMessage kind="error">{errorMessage(q.error)}</FormMessage> : null}
      {editing !== null && q.data ? (
        <section className="panel rp-panel rp-section" aria-labelledby="ct-form-title">
          <h2 id="ct-form-title" className="rp-h2">{editing === 'new' ? 'Add a contractor' : `Change ${editing.name}`}</h2>
          <ContractorForm key={editing === 'new' ? 'new' : editing.id} contractor={editing === 'new' ? undefined : editing} trades={q.data.trades}
            onDone={(c) => { setEditing(null); setSaved(c ? `${c.name} is saved.` : '') }} />
        </section>
      ) : null}
      {remove.isError ? <FormMessage kind="error">{errorMessage(remove.error)}</FormMessage> : null}
      {q.data && q.data.contractors.length === 0 && editing === null ? <p>You have no contractors yet.</p> : null}
      {q.data ? (
        <ul className="rp-contractors">
          {q.data.contractors.map((c) => (
            <li key={c.id} className="rp-card">
              <p className="rp-card__title">{c.name}</p>
              <p>{c.tradeName}</p>
              <p><a href={`tel:${c.phone}`}>{formatPhone(c.phone)}</a> · <a href={`mailto:${c.email}`}>{c.email}</a></p>
              {c.registration ? <p className="rp-small">{c.registrationLabel}: {c.registration}</p> : null}
              <p className={c.insuranceExpired ? 'rp-small rp-warn' : 'rp-small rp-muted'}>Insurance: {c.insuranceText}</p>
              {c.warnings.map((w) => <p key={w} className="rp-small rp-warn"><AlertTriangle aria-hidden size={16} /> {w}</p>)}
              <div className="rp-actions">
                <button type="button" className="button button--outline button--small" onClick={() => { setEditing(c); setSaved('') }}>
                  <Pencil aria-hidden size={16} /> Change<span className="visually-hidden"> {c.name}</span>
                </button>
                <button type="button" className="button button--outline button--small" disabled={remove.isPending}
                  onClick={() => { if (window.confirm(`Remove ${c.name} from your contractors?`)) remove.mutate(c.id) }}>
                  <Trash2 aria-hidden size={16} /> Remove<span className="visually-hidden"> {c.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

function ContractorForm({ contractor, trades, onDone }: { contractor?: Contractor; trades: Trade[]; onDone: (c?: Contractor) => void }) {
  const [v, setV] = useState<ContractorInput>({
    name: contractor?.name ?? '', trade: contractor?.trade ?? '', phone: contractor?.phone ?? '', email: contractor?.email ?? '',
    registration: contractor?.registration ?? '', insuranceExpires: contractor?.insuranceExpires ?? '',
  })
  const save = useSaveContractor({ onSuccess: (c) => onDone(c) })
  const fields = errorFields(save.error)
  const trade = trades.find((t) => t.id === v.trade)
  const reg = trade?.registration ?? null
  const set = (k: keyof ContractorInput) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setV({ ...v, [k]: e.target.value })
  const input = (k: keyof ContractorInput, label: string, type = 'text', extra: Record<string, string> = {}, hint?: string) => (
    <Field id={`ct-${k}`} label={label} error={fields[k]} hint={hint}>
      <input id={`ct-${k}`} type={type} value={v[k] ?? ''} onChange={set(k)} aria-invalid={!!fields[k]}
        aria-describedby={describedBy(`ct-${k}`, { hint, error: fields[k] })} {...extra} />
    </Field>
  )
  return (
    <form className="rp-form" noValidate onSubmit={(e) => { e.preventDefault(); save.mutate({ id: contractor?.id, input: v }) }}>
      {input('name', 'Name', 'text', { autoComplete: 'off' })}
      <Field id="ct-trade" label="Trade" error={fields.trade}>
        <select id="ct-trade" value={v.trade} onChange={set('trade')} aria-invalid={!!fields.trade} aria-describedby={describedBy('ct-trade', { error: fields.trade })}>
          <option value="">Choose a trade</option>
          {trades.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
        </select>
      </Field>
      {input('phone', 'Phone', 'tel', { autoComplete: 'off', inputMode: 'tel' })}
      {input('email', 'E-mail (job links go here)', 'email', { autoComplete: 'off' })}
      {reg ? input('registration', reg.required ? reg.label : `${reg.label} (optional)`, 'text', { autoComplete: 'off' },
        `${reg.required ? 'Required by law for this work' : 'Advised'}: ${reg.source}`) : null}
      {input('insuranceExpires', 'Insurance expires (optional)', 'date')}
      {save.isError && Object.keys(fields).length === 0 ? <FormMessage kind="error">{errorMessage(save.error)}</FormMessage> : null}
      <div className="rp-actions">
        <button type="submit" className="button" disabled={save.isPending}>{save.isPending ? <ButtonSpinner /> : null}Save the contractor</button>
        <button type="button" className="button button--outline" onClick={() => onDone()}>Cancel</button>
      </div>
    </form>
  )
}
