// One tenancy's deposit: its amount, the deadline to protect it, what was
// recorded and each duty checked against the deadline. The landlord also
// sees what a missed deadline can cost, and records the protection; the
// tenants see the same facts on their home.
import { useState } from 'react'
import { Link } from 'react-router'
import type { DepositTenancy } from '../api/deposit'
import { CertificateUpload } from './CertificateUpload'
import { DepositDeductions } from './DepositDeductions'
import { ProtectionForm } from './ProtectionForm'

const stateText: Record<string, string> = { ok: 'Done in time', late: 'Late', due: 'To do', overdue: 'Overdue' }

export function DepositCard({ tenancy: t, headingLevel = 2 }: { tenancy: DepositTenancy; headingLevel?: 2 | 3 }) {
  const landlord = t.role === 'landlord'
  const p = t.protection
  const [editing, setEditing] = useState(false)
  const H = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section className="panel dp-tenancy" aria-labelledby={`dp-${t.id}-title`}>
      <H id={`dp-${t.id}-title`} className="dp-h2">{landlord ? `Deposit: ${t.address}` : 'Your deposit'}</H>
      <dl className="dp-facts">
        <div><dt>Deposit</dt><dd>{t.depositText}</dd></div>
        <div><dt>Received</dt><dd>{t.receivedText || 'Not recorded yet'}</dd></div>
        {t.deadlineText ? <div><dt>To protect by</dt><dd>{t.deadlineText}</dd></div> : null}
        {!landlord && t.tenants.length > 1 ? <div><dt>Tenants</dt><dd>{t.tenants.join(', ')}</dd></div> : null}
      </dl>
      {t.warning ? <div className="dp-warning" role="alert"><p>{t.warning}</p></div> : null}
      {t.note ? (
        <p className="dp-note">
          {t.note}{' '}
          {landlord && t.agreementLink && !t.receivedOn ? <Link to={t.agreementLink}>Open the agreement</Link> : null}
        </p>
      ) : null}
      {p.recorded ? (
        <dl className="dp-fields">
          <div><dt>Scheme</dt><dd>{p.schemeUrl ? <a href={p.schemeUrl} target="_blank" rel="noreferrer">{p.scheme}</a> : p.scheme}</dd></div>
          <div><dt>Reference</dt><dd>{p.reference}</dd></div>
          <div><dt>Protected on</dt><dd>{p.protectedText}</dd></div>
          <div><dt>Prescribed information given on</dt><dd>{p.infoServedText || 'Not yet'}</dd></div>
          <div>
            <dt>Certificate</dt>
            <dd>{p.certificate && p.certificateUrl
              ? <a href={p.certificateUrl} target="_blank" rel="noreferrer">{p.certificateName}</a>
              : 'Not added yet'}{p.certificateAdded ? <span className="dp-muted dp-small"> (added {p.certificateAdded})</span> : null}</dd>
          </div>
        </dl>
      ) : (
        <p className="dp-muted">{landlord ? 'No protection recorded yet.' : 'Your landlord has not recorded the protection yet.'}</p>
      )}
      {t.checks.length > 0 ? (
        <ul className="dp-checks">
          {t.checks.map((c) => (
            <li key={c.key} className={`dp-check dp-check--${c.state}`}>
              <span className="dp-badge">{stateText[c.state ?? ''] ?? c.state}</span> {c.text}
            </li>
          ))}
        </ul>
      ) : null}
      {landlord ? (
        <div className="dp-actions">
          {editing || !p.recorded
            ? <ProtectionForm tenancy={t} onDone={() => setEditing(false)} />
            : <button type="button" className="button button--outline" onClick={() => setEditing(true)}>Change the protection</button>}
          {p.recorded ? <CertificateUpload tenancy={t} /> : null}
        </div>
      ) : null}
      <DepositDeductions tenancy={t} />
    </section>
  )
}
