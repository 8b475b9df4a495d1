// The deductions from a tenancy's deposit after the check-out: the lines,
// each tenant's share, and when the agreed amount must be returned. The
// landlord proposes lines from the signed check-out; each tenant answers.
import { FormMessage } from '../../../components/Form'
import { errorCode, errorMessage } from '../../../lib/errors'
import { useDeductions, type DepositTenancy } from '../api/deposit'
import { DeductionForm } from './DeductionForm'
import { DeductionLine } from './DeductionLine'
import { DepositReturn } from './DepositReturn'
import { EvidencePack } from './EvidencePack'

export function DepositDeductions({ tenancy }: { tenancy: DepositTenancy }) {
  const q = useDeductions(tenancy.id)
  if (q.isError) return errorCode(q.error) === 'no_deposit' ? null : <FormMessage kind="error">{errorMessage(q.error)}</FormMessage>
  const d = q.data
  if (!d) return null
  const landlord = d.role === 'landlord'
  // Nothing to show before a signed check-out (the landlord) or a proposed deduction (the tenants).
  if (d.lines.length === 0 && (!landlord || !d.checkOutText)) return null
  return (
    <section className="dd" aria-labelledby={`dd-${d.tenancyId}-title`}>
      <h3 id={`dd-${d.tenancyId}-title`} className="dd-h3">Deductions at the end of the tenancy</h3>
      {landlord && d.checkOutText ? <p className="dp-muted">{d.checkOutText}.</p> : null}
      {d.lines.map((l) => <DeductionLine key={l.id} line={l} role={d.role} returned={!!d.return} />)}
      {d.lines.length ? (
        <>
          <dl className="dp-facts">
            <div><dt>Deposit</dt><dd>{d.depositText}</dd></div>
            <div><dt>Deductions</dt><dd>{d.totalText}</dd></div>
            <div><dt>Agreed</dt><dd>{d.agreedText}</dd></div>
            <div><dt>Disputed</dt><dd>{d.disputedText}</dd></div>
          </dl>
          <h4 className="dd-h4">Each tenant’s share</h4>
          <ul className="dd-shares">
            {d.shares.map((s) => (
              <li key={s.name}>
                <strong>{s.name}</strong>
                <dl className="dp-facts">
                  <div><dt>Deposit</dt><dd>{s.depositText}</dd></div>
                  <div><dt>Agreed deductions</dt><dd>{s.agreedText}</dd></div>
                  <div><dt>Disputed</dt><dd>{s.disputedText}</dd></div>
                  <div><dt>Returned</dt><dd><strong>{s.returnText}</strong></dd></div>
                </dl>
              </li>
            ))}
          </ul>
          <p className="dp-note">{d.returnNote}</p>
          <EvidencePack d={d} />
        </>
      ) : null}
      <DepositReturn d={d} />
      {landlord && d.checkOutText && !d.return ? <DeductionForm d={d} /> : null}
    </section>
  )
}
