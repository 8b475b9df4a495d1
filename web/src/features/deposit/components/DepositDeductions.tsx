// The deductions from a tenancy's deposit after the check-out: the lines,
// each tenant's share, and when the agreed amount must be returned. The
// landlord proposes lines from the signed check-out; each tenant answers.
import { FormMessage } from '../../../components/Form'
import { errorCode, errorMessage } from '../../../lib/errors'
import { useDeductions, type DepositTenancy } from '../api/deposit'
import { DeductionForm } from './DeductionForm'
import { DeductionLine } from './DeductionLine'

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
      {d.lines.map((l) => <DeductionLine key={l.id} line={l} role={d.role} />)}
      {d.lines.length ? (
        <>
          <dl className="dp-facts">
            <div><dt>Deposit</dt><dd>{d.depositText}</dd></div>
            <div><dt>Deductions</dt><dd>{d.totalText}</dd></div>
            <div><dt>Agreed</dt><dd>{d.agreedText}</dd></div>
            <div><dt>Disputed</dt><dd>{d.disputedText}</dd></div>
          </dl>
          <div className="dd-table"><table className="dd-shares">
            <caption>Each tenant’s share</caption>
            <thead><tr><th scope="col">Tenant</th><th scope="col">Deposit</th><th scope="col">Agreed</th><th scope="col">Disputed</th><th scope="col">Returned</th></tr></thead>
            <tbody>
              {d.shares.map((s) => (
                <tr key={s.name}><th scope="row">{s.name}</th><td>{s.depositText}</td><td>{s.agreedText}</td><td>{s.disputedText}</td><td>{s.returnText}</td></tr>
              ))}
            </tbody>
          </table></div>
          <p className="dp-note">{d.returnNote}</p>
        </>
      ) : null}
      {landlord && d.checkOutText ? <DeductionForm d={d} /> : null}
    </section>
  )
}
