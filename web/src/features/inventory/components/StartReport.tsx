// Step 0, a new report (spec 3 section 2): a saved property (or Add New), the
// report type, from scratch or a clone of a previous report of that type,
// then a confirmation that a time and location stamp is recorded at
// 'Begin report' and at signing. Begin report asks the browser for the
// location (a short wait; without it when refused) and creates the draft.
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Copy, FilePlus2, Plus } from 'lucide-react'
import { Dialog } from '../../../components/Dialog'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { useToast } from '../../../components/Toast'
import { errorMessage } from '../../../lib/errors'
import { AddressForm } from '../../property/components/AddressForm'
import { useMyProperties } from '../../property/api/myProperties'
import { useCreateReport } from '../api/createReport'
import { useReports } from '../api/listReports'
import type { InventoryReport } from '../api/keys'
import { currentLocation, NO_LOCATION } from '../api/signInventoryReport'
import { formatDate, MSG, REPORT_TYPES } from '../rules'

/** why explains a check-in report that cannot start a check-out report yet. */
function why(r: InventoryReport): string {
  const which = `The check-in report of ${formatDate(r.createdAt)}`
  if (r.status === 'Disputed') return `${which} is disputed: its open comments must be resolved before a check-out report can start from it.`
  if (r.status === 'Draft') return `${which} is still a draft: it must be signed and sent before a check-out report can start from it.`
  return `${which} is ${r.statusText.toLowerCase()}: it cannot start a check-out report yet.`
}

function CloneList({ type, chosen, onChoose, propertyId }: { type: string; chosen: string; onChoose: (id: string) => void; propertyId?: string }) {
  const all = useReports('clonable', type)
  // A check-out report starts from a check-in report of the same property;
  // the ones that cannot (disputed, or not yet signed) are named with why.
  const blocked = useReports('active', undefined, !!propertyId)
  const drafts = useReports('draft', undefined, !!propertyId)
  const q = propertyId && all.data ? { ...all, data: all.data.filter((r) => r.propertyId === propertyId) } : all
  const only = q.data?.length === 1 ? q.data[0].id : ''
  // Preselect the report when only one qualifies.
  useEffect(() => {
    if (only && !chosen) onChoose(only)
  }, [only, chosen, onChoose])
  if (q.isPending) return <p className="inv-muted" role="status">{MSG.loading}</p>
  if (q.isError) return <FormMessage kind="error">{errorMessage(q.error)}</FormMessage>
  if (q.data.length === 0) {
    const waiting = propertyId
      ? [...(blocked.data ?? []), ...(drafts.data ?? [])].filter((r) => r.propertyId === propertyId && r.type === type && r.status !== 'Completed')
      : []
    if (waiting.length === 0) {
      return <p className="inv-muted">{propertyId ? `There is no signed ${type.toLowerCase()} of this property to start from.` : MSG.noReports}</p>
    }
    return (
      <div className="form-message form-message--info" role="status">
        {waiting.map((r) => <p key={r.id}>{why(r)}</p>)}
      </div>
    )
  }
  return (
    <fieldset className="inv-fieldset">
      <legend>Previous {type} reports</legend>
      {q.data.map((r: InventoryReport) => (
        <label key={r.id} className="inv-radio-card">
          <input type="radio" name="clone" value={r.id} checked={chosen === r.id} onChange={() => onChoose(r.id)} />
          <span>
            <strong>{r.property.addrFirstLine || 'Property'}</strong>
            <span className="inv-muted"> · {r.statusText} · {formatDate(r.createdAt)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}

export function StartReport({ onCreated }: { onCreated: (id: string) => void }) {
  const toast = useToast()
  const props = useMyProperties()
  // /NewReport?propertyId= (START NEW in the documents area) chooses the property.
  const [params] = useSearchParams()
  const [propertyId, setPropertyId] = useState(() => params.get('propertyId') ?? '')
  const [type, setType] = useState('')
  const [mode, setMode] = useState<'scratch' | 'clone' | 'checkin'>('scratch')
  const [clone, setClone] = useState('')
  const [adding, setAdding] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [locating, setLocating] = useState(false)
  const create = useCreateReport({ onSuccess: (r) => onCreated(r.id) })

  const chooseType = (t: string) => {
    if (!propertyId) {
      toast('error', MSG.selectProperty)
      return
    }
    setType(t)
    setClone('')
  }

  const start = () => {
    if (!propertyId) return toast('error', MSG.selectProperty)
    if ((mode === 'clone' || mode === 'checkin') && !clone) return toast('error', MSG.selectClone)
    create.reset()
    setConfirming(true)
  }

  const begin = async () => {
    setLocating(true)
    const location = await currentLocation()
    setLocating(false)
    create.mutate(
      { propertyId, type, cloneFrom: mode === 'clone' ? clone : null, fromCheckIn: mode === 'checkin' ? clone : undefined, location },
      // Said plainly when the stamp has no position (issue 26).
      { onSuccess: () => { if (!location) toast('info', NO_LOCATION) } },
    )
  }

  const busy = locating || create.isPending
  return (
    <section className="panel inv-start" aria-labelledby="inv-start-title">
      <h1 id="inv-start-title" className="page__title">New report</h1>
      <div className="field">
        <label htmlFor="inv-property">Property</label>
        <div className="inv-inline">
          <select id="inv-property" value={propertyId} onChange={(e) => setPropertyId(e.target.value)}>
            <option value="">{props.isPending ? MSG.loading : 'Select a property'}</option>
            {(props.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {/* The first line and the postcode: with the town too the postcode was cut off at 390 px (issue 26). */}
                {[p.address.addrFirstLine, p.address.postcode].filter(Boolean).join(', ')}
              </option>
            ))}
          </select>
          <button type="button" className="button button--outline" onClick={() => setAdding(true)}>
            <Plus aria-hidden size={16} /> Add New
          </button>
        </div>
        {props.isError ? <FormMessage kind="error">{errorMessage(props.error)}</FormMessage> : null}
      </div>

      <fieldset className="inv-fieldset">
        <legend>Report type</legend>
        <div className="inv-choice-grid">
          {REPORT_TYPES.map((t) => (
            <button key={t} type="button" className={`inv-choice${type === t ? ' is-active' : ''}`} aria-pressed={type === t} onClick={() => chooseType(t)}>
              {t}
            </button>
          ))}
        </div>
      </fieldset>

      {type ? (
        <>
          <div className="inv-choice-grid" role="radiogroup" aria-label="How to start">
            <button type="button" role="radio" aria-checked={mode === 'scratch'} className={`inv-choice${mode === 'scratch' ? ' is-active' : ''}`} onClick={() => setMode('scratch')}>
              <FilePlus2 aria-hidden size={20} /> From scratch
            </button>
            <button type="button" role="radio" aria-checked={mode === 'clone'} className={`inv-choice${mode === 'clone' ? ' is-active' : ''}`} onClick={() => setMode('clone')}>
              <Copy aria-hidden size={20} /> Clone a previous report
            </button>
            {type === 'Check-out Report' ? (
              <button type="button" role="radio" aria-checked={mode === 'checkin'} className={`inv-choice${mode === 'checkin' ? ' is-active' : ''}`} onClick={() => { setMode('checkin'); setClone('') }}>
                <Copy aria-hidden size={20} /> Start from the check-in report
              </button>
            ) : null}
          </div>
          {mode === 'clone' ? <CloneList type={type} chosen={clone} onChoose={setClone} /> : null}
          {mode === 'checkin' ? <CloneList type="Check-in Report" chosen={clone} onChoose={setClone} propertyId={propertyId} /> : null}
          <button type="button" className="button button--block inv-start__go" onClick={start}>Start</button>
        </>
      ) : null}

      <Dialog open={confirming} onClose={() => (busy ? undefined : setConfirming(false))} title="Begin report">
        <p>
          A time and location stamp will be recorded when you press 'Begin report' and again at signing, to help authenticate the report
          in case of a dispute. Your browser may ask to share your location; the report starts without it if you decline.
        </p>
        {create.isError ? <FormMessage kind="error">{errorMessage(create.error)}</FormMessage> : null}
        <div className="confirm__actions">
          <button type="button" className="button button--outline" disabled={busy} onClick={() => setConfirming(false)}>Cancel</button>
          <button type="button" className="button" disabled={busy} aria-busy={busy} onClick={() => void begin()}>
            {busy ? <ButtonSpinner /> : null}
            Begin report
          </button>
        </div>
      </Dialog>
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add New Property">
        <AddressForm mode="create" onCreated={(p) => { setAdding(false); setPropertyId(p.id) }} />
      </Dialog>
    </section>
  )
}
