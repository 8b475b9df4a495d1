// The certificates of a property (issue 16 section 2): one section per type
// (gas safety, EICR, EPC, HMO licence, other), each with its current
// certificate in colour and words, its files, issue date, EPC rating and
// notes, the replaced ones as history, and Upload / Replace / Edit / Delete
// / Book a vendor. Certificates recorded in an inventory report appear
// here too, read-only, with a link to the report.
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ChevronDown, Download, FileText, Flame, Home, Leaf, Pencil, Plus, RefreshCw, Trash2, TriangleAlert, Upload, Zap, type LucideIcon } from 'lucide-react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { useToast } from '../../../components/Toast'
import { errorMessage } from '../../../lib/errors'
import { useCertificates } from '../api/certificates'
import { useSetHasGas } from '../api/compliance'
import { useDeleteCertificate } from '../api/deleteCertificate'
import type { Certificate, CertificateGroup, CertificateType } from '../api/keys'
import { detailsHref, formatDay, formatSize, MSG } from '../rules'
import type { Filter, Mode } from './ActionsMenu'
import { BookVendor } from './BookVendor'
import { Expiry } from './Expiry'
import { Warnings } from './ComplianceWarnings'

const ICONS: Record<string, LucideIcon> = { 'gas-safety': Flame, eicr: Zap, epc: Leaf, 'hmo-licence': Home }

/** typeFromParam accepts a type's id or the spec's certType number (1 to 4). */
function typeFromParam(p: string | null, types: CertificateType[]): string {
  if (!p) return ''
  return types.find((t) => t.id === p || String(t.certType) === p)?.id ?? ''
}

type Props = { propertyId: string; filter: Filter; mode: Mode }

export function Certificates({ propertyId, filter, mode }: Props) {
  const [params] = useSearchParams()
  const q = useCertificates(propertyId)
  const toast = useToast()
  const [opened, setOpened] = useState<Record<string, boolean>>({})
  const [doomed, setDoomed] = useState<Certificate | null>(null)
  const [booking, setBooking] = useState<CertificateType | null>(null)
  const del = useDeleteCertificate()

  if (q.isPending)
    return (
      <div className="docs-loading">
        <Spinner label={MSG.loading} />
      </div>
    )
  if (q.isError) return <FormMessage kind="error">{errorMessage(q.error)}</FormMessage>

  const data = q.data
  const asked = typeFromParam(params.get('certType'), data.types)
  const isOpen = (g: CertificateGroup) => opened[g.type] ?? (g.type === asked || g.actionNeeded)
  const groups = data.groups.filter((g) => (filter === 'action' ? g.actionNeeded : true))
  const upload = (extra: Record<string, string> = {}) => detailsHref('Certificates', propertyId, { view: 'upload', ...extra })

  return (
    <>
      <Warnings warnings={data.warnings} />
      <div className="docs-toolbar">
        <Link className="button" to={upload()}>
          <Upload size={18} aria-hidden="true" />
          Upload a certificate
        </Link>
      </div>
      {groups.length === 0 ? <p className="docs-empty">Nothing here needs your action.</p> : null}
      <div className="docs-accordion">
        {groups.map((g) => {
          const type = data.types.find((t) => t.id === g.type)
          if (!type) return null
          const open = isOpen(g)
          const Icon = ICONS[g.type] ?? FileText
          const current = g.current
          const history = filter === 'active' ? [] : g.history
          const bodyId = `docs-cert-${g.type}`
          return (
            <section key={g.type} className={`docs-cert${g.actionNeeded ? ' docs-cert--alert' : ''}`} aria-labelledby={`${bodyId}-title`}>
              <h2 className="docs-cert__head" id={`${bodyId}-title`}>
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={bodyId}
                  className="docs-cert__toggle"
                  onClick={() => setOpened((o) => ({ ...o, [g.type]: !open }))}
                >
                  <span className="docs-cert__icon" aria-hidden="true">
                    <Icon size={22} />
                  </span>
                  <span className="docs-cert__name">
                    {g.typeName}
                    {type.shortName && type.shortName !== g.typeName ? <span className="docs-muted"> ({type.shortName})</span> : null}
                  </span>
                  <span className="docs-cert__summary">
                    <Summary group={g} hasGas={data.property.hasGas} />
                  </span>
                  <ChevronDown size={20} aria-hidden="true" className="docs-cert__chevron" />
                </button>
              </h2>
              <div id={bodyId} className="docs-cert__body" hidden={!open}>
                {type.help ? (
                  <p className="docs-cert__help">
                    {type.help}{' '}
                    {type.source ? (
                      <a href={type.source} target="_blank" rel="noreferrer">
                        Source
                      </a>
                    ) : null}
                  </p>
                ) : null}
                {g.type === 'gas-safety' ? <HasGas propertyId={propertyId} hasGas={data.property.hasGas} /> : null}
                {g.missing ? (
                  <p className="docs-missing">
                    <TriangleAlert size={18} aria-hidden="true" /> Required to let this property: no valid certificate is held.
                  </p>
                ) : null}
                {current.length === 0 && !g.missing ? <p className="docs-muted">No certificate recorded yet.</p> : null}
                {current.map((c) => (
                  <CertificateCard key={c.id} cert={c} type={type} propertyId={propertyId} mode={mode} current onDelete={() => { del.reset(); setDoomed(c) }} />
                ))}
                <div className="docs-cert__actions">
                  {current.length === 0 || g.type === 'other' || current.every((c) => c.readOnly) ? (
                    <Link className="button button--small" to={upload({ certType: g.type })}>
                      <Plus size={16} aria-hidden="true" />
                      Upload
                    </Link>
                  ) : null}
                  {data.vendorBooking && type.bookable ? (
                    <button type="button" className="button button--small button--outline" onClick={() => setBooking(type)}>
                      {g.type === 'hmo-licence' ? 'Apply for an HMO licence' : 'Book a certificate check'}
                    </button>
                  ) : null}
                  {g.booking ? <span className="docs-muted docs-requested">Requested on {formatDay(g.booking.requestedAt)}</span> : null}
                </div>
                {history.length > 0 ? (
                  <details className="docs-history">
                    <summary>Earlier certificates ({history.length})</summary>
                    {history.map((c) => (
                      <CertificateCard key={c.id} cert={c} type={type} propertyId={propertyId} mode={mode} onDelete={() => { del.reset(); setDoomed(c) }} />
                    ))}
                  </details>
                ) : null}
              </div>
            </section>
          )
        })}
      </div>
      <ConfirmDialog
        open={!!doomed}
        confirmLabel="Delete"
        danger
        busy={del.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() =>
          doomed &&
          del.mutate(doomed.id, {
            onSuccess: () => {
              toast('success', `${doomed.title} ${MSG.deleted}.`)
              setDoomed(null)
            },
          })
        }
      >
        <p className="confirm__text">{MSG.deleteCertificate}</p>
        {doomed ? (
          <p>
            {doomed.title}
            {doomed.expiresOn ? `, expiry ${formatDay(doomed.expiresOn)}` : ''}
          </p>
        ) : null}
        {del.isError ? <FormMessage kind="error">{errorMessage(del.error)}</FormMessage> : null}
      </ConfirmDialog>
      <BookVendor propertyId={propertyId} type={booking} onClose={() => setBooking(null)} />
    </>
  )
}

function Summary({ group: g, hasGas }: { group: CertificateGroup; hasGas: boolean }) {
  const c = g.current[0]
  if (g.type === 'other' && g.current.length > 1) {
    const worst = [...g.current].sort((a, b) => a.daysLeft - b.daysLeft)[0]
    return <Expiry expiresOn={worst.expiresOn} daysLeft={worst.daysLeft} status={worst.status} text={`${g.current.length} held · ${worst.expiryText}`} compact />
  }
  if (c) return <Expiry expiresOn={c.expiresOn} daysLeft={c.daysLeft} status={c.status} text={c.expiryText} compact />
  if (g.missing) return <span className="docs-tag docs-tag--red">Missing</span>
  if (g.type === 'gas-safety' && !hasGas) return <span className="docs-tag">No gas</span>
  return <span className="docs-tag">None recorded</span>
}

type CardProps = {
  cert: Certificate
  type: CertificateType
  propertyId: string
  mode: Mode
  current?: boolean
  onDelete: () => void
}

function CertificateCard({ cert: c, type, propertyId, mode, current, onDelete }: CardProps) {
  const here = (extra: Record<string, string>) => detailsHref('Certificates', propertyId, extra)
  const lowEpc = c.type === 'epc' && (c.epcRating === 'F' || c.epcRating === 'G')
  const showEdit = !c.readOnly && c.canEdit && (current || mode === 'edit')
  const showDelete = !c.readOnly && c.canDelete && (current || mode === 'delete')
  return (
    <article className={current ? 'docs-card-cert' : 'docs-card-cert docs-card-cert--old'} id={c.id} aria-label={`${c.title}${current ? '' : ' (replaced)'}`}>
      {c.type === 'other' || !current ? <h3 className="docs-card-cert__title">{c.title}</h3> : null}
      {current ? (
        <Expiry expiresOn={c.expiresOn} daysLeft={c.daysLeft} status={c.status} text={c.expiryText} />
      ) : (
        <p className="docs-muted">
          Expiry {formatDay(c.expiresOn)} · replaced
        </p>
      )}
      {c.source ? (
        <p className="docs-source">
          <Link to={c.source.url}>{c.source.label}</Link>
        </p>
      ) : null}
      <dl className="docs-facts">
        {c.issuedOn ? (
          <div>
            <dt>Issued</dt>
            <dd>{formatDay(c.issuedOn)}</dd>
          </div>
        ) : null}
        {c.epcRating ? (
          <div>
            <dt>EPC rating</dt>
            <dd className={lowEpc ? 'docs-red' : undefined}>
              {c.epcRating}
              {lowEpc ? ` (below ${type.minRating || 'E'}: the property cannot be let)` : ''}
            </dd>
          </div>
        ) : null}
        {c.notes ? (
          <div className="docs-facts__wide">
            <dt>Notes</dt>
            <dd>{c.notes}</dd>
          </div>
        ) : null}
      </dl>
      {c.files.length > 0 ? (
        <ul className="docs-files" aria-label={`Files of the ${c.title}`}>
          {c.files.map((f) => (
            <li key={f.id}>
              <a href={f.url} target="_blank" rel="noreferrer" className="docs-file">
                <FileText size={18} aria-hidden="true" />
                <span className="docs-file__text">
                  <span className="docs-file__name">{f.filename}</span>
                  {f.size ? <span className="docs-muted">{formatSize(f.size)}</span> : null}
                </span>
              </a>
              {f.downloadUrl ? (
                <a href={f.downloadUrl} download className="icon-button" aria-label={`Download ${f.filename}`}>
                  <Download size={18} aria-hidden="true" />
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : !c.readOnly ? (
        <p className="docs-missing">
          <TriangleAlert size={18} aria-hidden="true" /> No file yet: add the certificate so it counts as held.
        </p>
      ) : null}
      {showEdit || showDelete || (current && !c.readOnly) ? (
        <div className="docs-card-cert__actions">
          {current && !c.readOnly && c.type !== 'other' ? (
            <Link className="button button--small" to={here({ view: 'upload', certType: c.type, replaces: c.id })} aria-label={`Replace the ${c.title}`}>
              <RefreshCw size={16} aria-hidden="true" />
              Replace
            </Link>
          ) : null}
          {showEdit ? (
            <Link className="button button--small button--outline" to={here({ view: 'edit', certificate: c.id })} aria-label={`Edit the ${c.title}${current ? '' : ' (replaced)'}`}>
              <Pencil size={16} aria-hidden="true" />
              Edit
            </Link>
          ) : null}
          {showDelete ? (
            <button type="button" className="button button--small button--outline docs-danger" onClick={onDelete} aria-label={`Delete the ${c.title}${current ? '' : ' (replaced)'}`}>
              <Trash2 size={16} aria-hidden="true" />
              Delete
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  )
}

function HasGas({ propertyId, hasGas }: { propertyId: string; hasGas: boolean }) {
  const set = useSetHasGas()
  return (
    <div className="docs-hasgas">
      <label className="docs-check">
        <input type="checkbox" checked={hasGas} disabled={set.isPending} onChange={(e) => set.mutate({ propertyId, hasGas: e.target.checked })} />
        <span>This property has a gas supply</span>
      </label>
      {set.isError ? <FormMessage kind="error">{errorMessage(set.error)}</FormMessage> : null}
    </div>
  )
}
