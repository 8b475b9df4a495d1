// Utilities and Meters, Documents and Compliance, Tenant Details and Landlord
// Details (spec 3 section 2). Each entry is written in a form and joins the
// report's data (and so the autosave) only once complete, because the
// server accepts only complete meters, documents and tenants.
import { useEffect, useState } from 'react'
import { Plus } from 'lucide-react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { Field, FormMessage } from '../../../components/Form'
import { useToast } from '../../../components/Toast'
import type { ComplianceDocument, Meter, Tenant } from '../api/keys'
import { DOCUMENT_KINDS, firstErrors, formatDate, landlordSchema, meterSchema, METER_KINDS, MSG, tenantSchema, documentSchema } from '../rules'
import { useCertificates } from '../../documents/api/certificates'
import { latestExpiry, termMessage, todayInLondon } from '../../documents/rules'
import { useEditor } from './editorContext'
import { PhotoSet, usePhotos } from './Photos'
import { ActionRow } from './RowActions'

/** KindPicker: the named kinds and a free-text Other that must not be blank. */
function KindPicker({ kinds, onPick }: { kinds: string[]; onPick: (k: string) => void }) {
  const [other, setOther] = useState('')
  return (
    <div className="inv-kind-picker">
      <div className="inv-choice-grid">
        {kinds.map((k) => (
          <button key={k} type="button" className="inv-choice" onClick={() => onPick(k)}>{k}</button>
        ))}
      </div>
      <form className="inv-inline" onSubmit={(e) => { e.preventDefault(); if (other.trim()) onPick(other.trim()) }}>
        <label className="visually-hidden" htmlFor="inv-other-kind">Other</label>
        <input id="inv-other-kind" placeholder="Other" value={other} onChange={(e) => setOther(e.target.value)} maxLength={100} />
        <button type="submit" className="button button--outline" disabled={!other.trim()}>Add</button>
      </form>
    </div>
  )
}

/** useLocalPhotos starts a form's photo set from the entry's photos (once). */
function useLocalPhotos(key: string, start: string[]) {
  const { local, setLocal } = usePhotos()
  const [startKey] = useState(key)
  useEffect(() => {
    setLocal(startKey, () => start)
  }, [startKey]) // once per form: the entry's photos are the start
  return { names: local[key] ?? start, clear: () => setLocal(key, () => []) }
}

// ---- Meters ----

const emptyMeter = (kind: string): Meter => ({ kind, location: '', reading: '', supplier: '', serial: '', notes: '', photos: [], done: false })

function MeterForm({ index, start }: { index: string; start: Meter }) {
  const { update, back } = useEditor()
  const [m, setM] = useState(start)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const photoKey = `meter:${index}`
  const photos = useLocalPhotos(photoKey, start.photos)
  const set = (k: keyof Meter) => (e: { target: { value: string } }) => setM({ ...m, [k]: e.target.value })
  const complete = () => {
    const r = meterSchema.safeParse(m)
    if (!r.success) return setErrors(firstErrors(r.error))
    const meter: Meter = { ...m, ...r.data, photos: photos.names, done: true }
    update((d) => ({
      ...d,
      utilitiesAndMeters: index.startsWith('new:') ? [...d.utilitiesAndMeters, meter] : d.utilitiesAndMeters.map((x, i) => (String(i) === index ? meter : x)),
    }))
    photos.clear()
    back()
  }
  return (
    <section className="inv-screen" aria-labelledby="inv-meter-title">
      <h1 id="inv-meter-title" className="page__title">{m.kind} meter</h1>
      <Field id="m-location" label="Location" error={errors.location}><input id="m-location" value={m.location} onChange={set('location')} /></Field>
      <Field id="m-reading" label="Reading" error={errors.reading}><input id="m-reading" inputMode="decimal" value={m.reading} onChange={set('reading')} /></Field>
      <Field id="m-supplier" label="Supplier"><input id="m-supplier" value={m.supplier} onChange={set('supplier')} /></Field>
      <Field id="m-serial" label="Serial number"><input id="m-serial" value={m.serial} onChange={set('serial')} /></Field>
      <Field id="m-notes" label="Notes"><textarea id="m-notes" rows={3} value={m.notes} onChange={set('notes')} /></Field>
      <PhotoSet target={{ kind: 'local', key: photoKey }} names={photos.names} label="Meter photos" />
      <button type="button" className="button button--block inv-screen__done" onClick={complete}>Complete Meter reading</button>
    </section>
  )
}

export function MetersScreen({ item }: { item?: string }) {
  const { data, update, go } = useEditor()
  const [picking, setPicking] = useState(false)
  const [doomed, setDoomed] = useState<number | null>(null)
  const meters = data.utilitiesAndMeters
  if (item) {
    const start = item.startsWith('new:') ? emptyMeter(item.slice(4)) : meters[Number(item)]
    if (!start) return <p className="inv-muted">This meter is no longer in the report.</p>
    return <MeterForm key={item} index={item} start={start} />
  }
  return (
    <section className="inv-screen" aria-labelledby="inv-meters-title">
      <h1 id="inv-meters-title" className="page__title">Utilities and Meters</h1>
      {meters.length === 0 ? <p className="inv-muted">No meters yet.</p> : null}
      <ul className="inv-rows" aria-label="Meters">
        {meters.map((m, i) => (
          <ActionRow key={i} name={`${m.kind} meter`} onOpen={() => go({ section: 'meters', item: String(i) })}
            actions={[{ label: 'Edit', onSelect: () => go({ section: 'meters', item: String(i) }) }, { label: 'Delete', danger: true, onSelect: () => setDoomed(i) }]}>
            <span>{m.kind}</span>
            <span className="inv-muted">{m.location} · {m.reading}</span>
          </ActionRow>
        ))}
      </ul>
      {picking ? (
        <KindPicker kinds={METER_KINDS} onPick={(k) => { setPicking(false); go({ section: 'meters', item: `new:${k}` }) }} />
      ) : (
        <button type="button" className="button button--outline button--block" onClick={() => setPicking(true)}><Plus aria-hidden size={18} /> Add Item</button>
      )}
      <ConfirmDialog open={doomed !== null} confirmLabel="Delete" danger busy={false} onCancel={() => setDoomed(null)}
        onConfirm={() => { const at = doomed; update((d) => ({ ...d, utilitiesAndMeters: d.utilitiesAndMeters.filter((_, i) => i !== at) })); setDoomed(null) }}>
        <p>Are you sure you want to delete this meter and all the data attached to it?</p>
      </ConfirmDialog>
    </section>
  )
}

// ---- Documents ----

/** CERT_TYPE_OF names the documents area's certificate type of a report's document kind. */
const CERT_TYPE_OF: Record<string, string> = { 'EPC': 'epc', 'Gas Safety Certificate': 'gas-safety', 'EICR': 'eicr' }

function DocumentForm({ index, start }: { index: string; start: ComplianceDocument }) {
  const { update, back, report } = useEditor()
  const [expiry, setExpiry] = useState(start.expiry)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const photoKey = `document:${index}`
  const photos = useLocalPhotos(photoKey, start.files)
  // The law's term for the kind (the certificate catalogue): one recorded
  // today expires by today plus the term at the latest, as the server checks.
  const catalogue = useCertificates(report.propertyId)
  const term = catalogue.data?.types.find((t) => t.id === CERT_TYPE_OF[start.kind])
  const today = todayInLondon()
  const latest = latestExpiry(term, today)
  const save = () => {
    const r = documentSchema.safeParse({ kind: start.kind, expiry, files: photos.names })
    if (!r.success) return setErrors(firstErrors(r.error))
    if (latest && r.data.expiry > latest) return setErrors({ expiry: termMessage(term, today) })
    const doc: ComplianceDocument = r.data
    update((d) => ({
      ...d,
      documentsAndCompliance: index.startsWith('new:') ? [...d.documentsAndCompliance, doc] : d.documentsAndCompliance.map((x, i) => (String(i) === index ? doc : x)),
    }))
    photos.clear()
    back()
  }
  return (
    <section className="inv-screen" aria-labelledby="inv-doc-title">
      <h1 id="inv-doc-title" className="page__title">{start.kind}</h1>
      <h2 className="inv-subtitle">Pages</h2>
      <PhotoSet target={{ kind: 'local', key: photoKey }} names={photos.names} label={`${start.kind} pages`} />
      {errors.files ? <FormMessage kind="error">{errors.files}</FormMessage> : null}
      <Field id="d-expiry" label="Expiry date" error={errors.expiry}>
        <input id="d-expiry" type="date" required value={expiry} max={latest || undefined} onChange={(e) => setExpiry(e.target.value)} />
      </Field>
      <button type="button" className="button button--block inv-screen__done" onClick={save}>Save document</button>
    </section>
  )
}

export function DocumentsScreen({ item }: { item?: string }) {
  const { data, update, go } = useEditor()
  const [picking, setPicking] = useState(false)
  const [doomed, setDoomed] = useState<number | null>(null)
  const docs = data.documentsAndCompliance
  if (item) {
    const start = item.startsWith('new:') ? { kind: item.slice(4), expiry: '', files: [] } : docs[Number(item)]
    if (!start) return <p className="inv-muted">This document is no longer in the report.</p>
    return <DocumentForm key={item} index={item} start={start} />
  }
  return (
    <section className="inv-screen" aria-labelledby="inv-docs-title">
      <h1 id="inv-docs-title" className="page__title">Documents and Compliance</h1>
      {docs.length === 0 ? <p className="inv-muted">No documents yet.</p> : null}
      <ul className="inv-rows" aria-label="Documents">
        {docs.map((doc, i) => (
          <ActionRow key={i} name={doc.kind} onOpen={() => go({ section: 'documents', item: String(i) })}
            actions={[{ label: 'Edit', onSelect: () => go({ section: 'documents', item: String(i) }) }, { label: 'Delete', danger: true, onSelect: () => setDoomed(i) }]}>
            <span>{doc.kind}</span>
            <span className="inv-muted">Expires {formatDate(doc.expiry)} · {doc.files.length} page{doc.files.length === 1 ? '' : 's'}</span>
          </ActionRow>
        ))}
      </ul>
      {picking ? (
        <KindPicker kinds={DOCUMENT_KINDS} onPick={(k) => { setPicking(false); go({ section: 'documents', item: `new:${k}` }) }} />
      ) : (
        <button type="button" className="button button--outline button--block" onClick={() => setPicking(true)}><Plus aria-hidden size={18} /> Add document</button>
      )}
      <ConfirmDialog open={doomed !== null} confirmLabel="Delete" danger busy={false} onCancel={() => setDoomed(null)}
        onConfirm={() => { const at = doomed; update((d) => ({ ...d, documentsAndCompliance: d.documentsAndCompliance.filter((_, i) => i !== at) })); setDoomed(null) }}>
        <p>Are you sure you want to delete this document and all the data attached to it?</p>
      </ConfirmDialog>
    </section>
  )
}

// ---- Tenants ----

const emptyTenant = (): Tenant => ({ id: '', first: '', middle: '', last: '', email: '', moveIn: '', moveOut: '' })

function TenantForm({ start, onDone }: { start: Tenant; onDone: () => void }) {
  const { update } = useEditor()
  const [t, setT] = useState(start)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = (k: keyof Tenant) => (e: { target: { value: string } }) => setT({ ...t, [k]: e.target.value })
  const submit = () => {
    const r = tenantSchema.safeParse(t)
    if (!r.success) return setErrors(firstErrors(r.error))
    const tenant: Tenant = { ...r.data, email: r.data.email.toLowerCase(), id: t.id || (globalThis.crypto?.randomUUID?.() ?? String(Date.now())) }
    update((d) => ({
      ...d,
      tenantDetails: d.tenantDetails.some((x) => x.id === tenant.id) ? d.tenantDetails.map((x) => (x.id === tenant.id ? tenant : x)) : [...d.tenantDetails, tenant],
    }))
    onDone()
  }
  return (
    <form className="inv-form" noValidate onSubmit={(e) => { e.preventDefault(); submit() }}>
      <Field id="t-first" label="First name" error={errors.first}><input id="t-first" autoComplete="off" value={t.first} onChange={set('first')} /></Field>
      <Field id="t-middle" label="Middle name(s)"><input id="t-middle" autoComplete="off" value={t.middle} onChange={set('middle')} /></Field>
      <Field id="t-last" label="Last name" error={errors.last}><input id="t-last" autoComplete="off" value={t.last} onChange={set('last')} /></Field>
      <Field id="t-email" label="Email" error={errors.email}><input id="t-email" type="email" autoComplete="off" value={t.email} onChange={set('email')} /></Field>
      <Field id="t-in" label="Move in date" error={errors.moveIn}><input id="t-in" type="date" value={t.moveIn} onChange={set('moveIn')} /></Field>
      <Field id="t-out" label="Move out date (optional)" error={errors.moveOut}><input id="t-out" type="date" value={t.moveOut} onChange={set('moveOut')} /></Field>
      <button type="submit" className="button button--block">{start.id ? 'Save tenant' : 'Add tenant'}</button>
    </form>
  )
}

export function TenantsScreen({ item }: { item?: string }) {
  const { data, update, go, back } = useEditor()
  const [doomed, setDoomed] = useState<Tenant | null>(null)
  const tenants = data.tenantDetails
  if (item) {
    const start = item === 'new' ? emptyTenant() : tenants.find((t) => t.id === item)
    if (!start) return <p className="inv-muted">This tenant is no longer in the report.</p>
    return (
      <section className="inv-screen" aria-labelledby="inv-tenant-title">
        <h1 id="inv-tenant-title" className="page__title">{item === 'new' ? 'Add tenant' : 'Edit tenant'}</h1>
        <TenantForm key={item} start={start} onDone={back} />
      </section>
    )
  }
  return (
    <section className="inv-screen" aria-labelledby="inv-tenants-title">
      <h1 id="inv-tenants-title" className="page__title">Tenant Details</h1>
      {tenants.length === 0 ? <p className="inv-muted">No tenants yet.</p> : null}
      <ul className="inv-rows" aria-label="Tenants">
        {tenants.map((t) => (
          <ActionRow key={t.id} name={`${t.first} ${t.last}`} onOpen={() => go({ section: 'tenants', item: t.id })}
            actions={[{ label: 'Edit', onSelect: () => go({ section: 'tenants', item: t.id }) }, { label: 'Delete', danger: true, onSelect: () => setDoomed(t) }]}>
            <span>{[t.first, t.middle, t.last].filter(Boolean).join(' ')}</span>
            <span className="inv-muted inv-wrap">{t.email} · Move in {formatDate(t.moveIn)}{t.moveOut ? ` · Move out ${formatDate(t.moveOut)}` : ''}</span>
          </ActionRow>
        ))}
      </ul>
      <button type="button" className="button button--outline button--block" onClick={() => go({ section: 'tenants', item: 'new' })}>
        <Plus aria-hidden size={18} /> Add tenant
      </button>
      <ConfirmDialog open={!!doomed} confirmLabel="Delete" danger busy={false} onCancel={() => setDoomed(null)}
        onConfirm={() => { const id = doomed?.id; update((d) => ({ ...d, tenantDetails: d.tenantDetails.filter((t) => t.id !== id) })); setDoomed(null) }}>
        <p>{MSG.deleteTenant}</p>
      </ConfirmDialog>
    </section>
  )
}

// ---- Landlord ----

export function LandlordScreen() {
  const { data, update, back } = useEditor()
  const toast = useToast()
  const [l, setL] = useState(data.landlord)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const submit = () => {
    const r = landlordSchema.safeParse(l)
    if (!r.success) {
      const e = firstErrors(r.error)
      setErrors(e)
      toast('error', e.fullName || e.email)
      return
    }
    update((d) => ({ ...d, landlord: { fullName: r.data.fullName, email: r.data.email.toLowerCase() } }))
    back()
  }
  return (
    <section className="inv-screen" aria-labelledby="inv-landlord-title">
      <h1 id="inv-landlord-title" className="page__title">Landlord Details</h1>
      <form className="inv-form" noValidate onSubmit={(e) => { e.preventDefault(); submit() }}>
        <Field id="l-name" label="Full name" error={errors.fullName}><input id="l-name" value={l.fullName} onChange={(e) => setL({ ...l, fullName: e.target.value })} /></Field>
        <Field id="l-email" label="E-mail" error={errors.email}><input id="l-email" type="email" value={l.email} onChange={(e) => setL({ ...l, email: e.target.value })} /></Field>
        <button type="submit" className="button button--block">Add landlord</button>
      </form>
    </section>
  )
}
