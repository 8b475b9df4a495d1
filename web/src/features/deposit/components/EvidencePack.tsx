// The evidence pack (issue 45): while a deduction is disputed, the landlord
// and each tenant can download one sealed PDF of the evidence for the
// deposit scheme's free dispute service, checkable on /verify.
import { Link } from 'react-router'
import type { Deductions } from '../api/deposit'

export function EvidencePack({ d }: { d: Deductions }) {
  if (!d.lines.some((l) => l.state === 'disputed')) return null
  return (
    <div className="dd-pack" aria-labelledby={`dd-${d.tenancyId}-pack`}>
      <h4 id={`dd-${d.tenancyId}-pack`} className="dd-h4">Evidence pack for the dispute</h4>
      <p className="dp-note">
        What stays disputed is decided by the deposit scheme’s free dispute service, on evidence. This one PDF gathers it:
        the signed agreement, the check-in and check-out reports with their photos, each disputed deduction with its
        evidence, the quotes and the messages exchanged. Upload it to the scheme. OmniRent seals it, so anyone can check
        it is genuine and unaltered on <Link to="/verify">/verify</Link>.
      </p>
      <a className="button button--outline" href={`/api/deposits/tenancies/${encodeURIComponent(d.tenancyId)}/evidence-pack`} download>
        Download the evidence pack
      </a>
    </div>
  )
}
