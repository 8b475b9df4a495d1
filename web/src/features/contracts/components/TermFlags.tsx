// Flags on the landlord's own terms, from the server's term checker: beside
// the terms as they are typed (the wizard), beside each flagged paragraph of
// the preview with the landlord's acknowledgement, and to the tenant on the
// preview and the sign screen. The why and the statute are the rule's own
// words (internal/tenancy/terms/data/rules.yaml). A term the law prohibits
// outright (mustChange) has no acknowledgement: the landlord is told to
// reword or remove it, and the server refuses Sign and Send until then.
import { TriangleAlert } from 'lucide-react'
import { FormMessage } from '../../../components/Form'
import { useDebounced } from '../../../lib/useDebounced'
import { errorMessage } from '../../../lib/errors'
import { useAcknowledgeTerm, useTermCheck, type TermFlag } from '../api/termFlags'
import { useContractDocument } from '../api/contractDocument'
import { useState } from 'react'

// ---- Texts ----
export const FLAGGED = 'Flagged as probably unenforceable'
/** NOT_ALLOWED heads a finding the law prohibits outright (TermFinding.mustChange). */
export const NOT_ALLOWED = 'Not allowed by law'
export const TYPED_NOTE =
  'You may keep a flagged term, but the law will probably not let you rely on it. Before you sign, the preview asks you to remove or acknowledge each one.'
export const TYPED_NOTE_MUST_CHANGE =
  'A term the law does not allow must be reworded or removed before you sign: it cannot be kept. You may keep any other flagged term, but the law will probably not let you rely on it; the preview asks you to remove or acknowledge each one.'
export const KEEP_LABEL = 'I understand this term is probably unenforceable and want to keep it'
/** MUST_CHANGE is said under a term the law prohibits outright (TermFlag.mustChange): it has no acknowledgement. */
export const MUST_CHANGE = 'The law does not allow this term. Reword or remove it before you sign: it cannot be acknowledged and kept.'
export const MUST_CHANGE_EDIT = 'Reword or remove it with Edit above.'
export const ACK_NEEDED = (n: number) =>
  n === 1
    ? 'One term is flagged as probably unenforceable. Remove it (Edit) or acknowledge it before you sign.'
    : `${n} terms are flagged as probably unenforceable. Remove them (Edit) or acknowledge each one before you sign.`
export const CHANGE_NEEDED = (n: number) =>
  n === 1
    ? 'One term is not allowed by law. Reword or remove it (Edit) before you sign.'
    : `${n} terms are not allowed by law. Reword or remove each one (Edit) before you sign.`
export const TENANT_NOTE = (n: number) =>
  `${n === 1 ? 'One term' : `${n} terms`} of this agreement ${n === 1 ? 'is' : 'are'} flagged as probably unenforceable. The law gives you rights that a term cannot take away.`

/** Findings lists why a term is flagged: "Flagged as probably unenforceable: <title>." (or "Not allowed by law: <title>.") with the why and the statute. */
export function Findings({ flag }: { flag: TermFlag }) {
  return (
    <ul className="tf__findings">
      {flag.findings.map((f) => (
        <li key={f.rule}>
          <strong>{f.mustChange ? NOT_ALLOWED : FLAGGED}: {f.title}.</strong> {f.why}{' '}
          <a href={f.source} target="_blank" rel="noreferrer" className="tf__source">{f.statute}</a>
        </li>
      ))}
    </ul>
  )
}

/** MustChange says, to the landlord, that a term the law prohibits outright must be reworded or removed. */
function MustChange({ edit }: { edit?: boolean }) {
  return (
    <p className="tf__must">
      <strong>{MUST_CHANGE}</strong>{edit ? ` ${MUST_CHANGE_EDIT}` : ''}
    </p>
  )
}

function FlagItem({ flag, children }: { flag: TermFlag; children?: React.ReactNode }) {
  return (
    <li className={flag.mustChange ? 'tf__item tf__item--must' : 'tf__item'}>
      <q className="tf__term">{flag.term}</q>
      <Findings flag={flag} />
      {children}
    </li>
  )
}

/** plainText is the typed rich text as lines. */
export function plainText(text: { ops?: { insert?: unknown }[] } | undefined): string {
  return (text?.ops ?? []).map((o) => (typeof o.insert === 'string' ? o.insert : '')).join('')
}

/** TypedTermFlags checks the terms as the landlord types them, and lists the flagged ones. */
export function TypedTermFlags({ contractId, text }: { contractId: string; text: string }) {
  const settled = useDebounced(text, 400)
  const q = useTermCheck(contractId, settled)
  const flags = settled.trim() ? (q.data ?? []) : []
  return (
    <div className="tf" aria-live="polite" data-testid="typed-term-flags">
      {flags.length ? (
        <div className="tf__box" role="note">
          <p className="tf__head"><TriangleAlert size={18} aria-hidden="true" /> {flags.length === 1 ? 'One term is' : `${flags.length} terms are`} flagged as probably unenforceable</p>
          <ul className="tf__list">{flags.map((f) => <FlagItem key={f.term} flag={f}>{f.mustChange ? <MustChange /> : null}</FlagItem>)}</ul>
          <p className="tf__note">{flags.some((f) => f.mustChange) ? TYPED_NOTE_MUST_CHANGE : TYPED_NOTE}</p>
        </div>
      ) : null}
    </div>
  )
}

/** SectionTermFlags are a preview section's flagged terms; the landlord of a draft acknowledges each. */
export function SectionTermFlags({ contractId, flags, canAcknowledge }: { contractId: string; flags: TermFlag[]; canAcknowledge: boolean }) {
  const [error, setError] = useState('')
  const ack = useAcknowledgeTerm(contractId, { onError: (e) => setError(errorMessage(e)), onSuccess: () => setError('') })
  if (!flags.length) return null
  return (
    <div className="tf__box" role="note">
      <p className="tf__head"><TriangleAlert size={18} aria-hidden="true" /> {FLAGGED}</p>
      <ul className="tf__list">
        {flags.map((f) => (
          <FlagItem key={f.term} flag={f}>
            {canAcknowledge && f.mustChange ? (
              <MustChange edit />
            ) : canAcknowledge ? (
              <label className="tf__ack">
                <input type="checkbox" disabled={ack.isPending}
                  checked={ack.isPending && ack.variables?.term === f.term ? ack.variables.acknowledged : f.acknowledged}
                  onChange={(e) => ack.mutate({ term: f.term, acknowledged: e.target.checked })} />
                <span>{KEEP_LABEL}<span className="visually-hidden">: {f.term}</span></span>
              </label>
            ) : null}
          </FlagItem>
        ))}
      </ul>
      <FormMessage kind="error">{error}</FormMessage>
    </div>
  )
}

/** TermFlagsNotice is the sign screen's reminder of the agreement's flagged terms, with why. */
export function TermFlagsNotice({ contractId }: { contractId: string }) {
  const q = useContractDocument(contractId)
  const flags = q.data?.termFlags ?? []
  if (!flags.length) return null
  return (
    <div className="tf__box tf__box--sign" role="note" aria-label={FLAGGED}>
      <p className="tf__head"><TriangleAlert size={18} aria-hidden="true" /> {TENANT_NOTE(flags.length)}</p>
      <ul className="tf__list">{flags.map((f) => <FlagItem key={f.term} flag={f} />)}</ul>
    </div>
  )
}
