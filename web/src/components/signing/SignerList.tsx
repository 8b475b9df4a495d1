// The signers in the order they sign, each with their role, name, e-mail and
// whether they have signed (when and how) or are still waiting. Shared by
// every signing status block (agreements, inventory reports).
import type { Signer } from './SignScreen'
import './signing.css'

const METHODS: Record<string, string> = { draw: 'drawn', type: 'typed', upload: 'uploaded' }

/** formatDateTime is a date and time in en-GB (spec 2 section 9), e.g. 21/11/2026, 14:05. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return d.toLocaleString('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
}

/** sortSigners orders signers by stage, then position. */
export function sortSigners(signers: Signer[]): Signer[] {
  return [...signers].sort((a, b) => a.stage - b.stage || a.position - b.position)
}

export function SignerList({ signers, label = 'Signers in signing order' }: { signers: Signer[]; label?: string }) {
  return (
    <ol className="sgs__signers" aria-label={label}>
      {sortSigners(signers).map((x) => (
        <SignerRow key={`${x.position}-${x.email}`} signer={x} />
      ))}
    </ol>
  )
}

function SignerRow({ signer: x }: { signer: Signer }) {
  const method = METHODS[x.method] ?? x.method
  return (
    <li className={x.signed ? 'sgs__signer is-signed' : 'sgs__signer'}>
      <span className="sgs__role">
        {x.role}
        {x.me ? ' (you)' : ''}
      </span>
      <strong>{x.name}</strong>
      <span className="sgs__email">{x.email}</span>
      <span className="sgs__state">
        {x.signed ? `Signed ${formatDateTime(x.signedAt)}${method ? ` (${method})` : ''}` : 'Waiting'}
      </span>
    </li>
  )
}
