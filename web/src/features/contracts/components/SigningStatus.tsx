// Where a sent agreement stands (status ATS, ADS or COMPLETED): the signers
// in the order they sign and who has signed, why it cannot be signed now
// (its start date passed before everyone signed), the landlord's 'Re-send
// invitation' and 'Withdraw to change it', the completed agreement's
// download and e-mailed link, the document id and hash printed on the PDF's
// audit page, and the audit trail.
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { Download, Mail, Send, Undo2 } from 'lucide-react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { EnsureToasts, useToast } from '../../../components/Toast'
import { errorMessage } from '../../../lib/errors'
import { useResendContract } from '../api/resendContract'
import { useResendInvites } from '../api/resendInvites'
import { useWithdrawContract } from '../api/withdrawContract'
import { useSigning, type SigningEvent } from '../api/signing'
import { formatDateTime, SignerList } from '../../../components/signing/SignerList'
import '../signing.css'


// ---- Exact texts (spec) ----
export const LINK_SENT = 'Download link sent to your email'
export const WITHDRAW = 'Withdraw to change it'
export const WITHDRAW_QUESTION =
  'Withdraw the agreement to change it? It goes back to your drafts and nobody can sign it until you sign and send it again. ' +
  'The signatures given so far no longer count, and the tenants are told by e-mail. The fee is not charged again.'

const EVENT_WORDS: Record<string, string> = {
  created: 'Agreement created',
  sent: 'Sent for signing',
  viewed: 'Viewed',
  code_verified: 'E-mail code verified',
  paid: 'Contract fee paid',
  signed: 'Signed',
  completed: 'Completed',
  downloaded: 'Downloaded',
  reopened: 'Withdrawn to change it',
}

/** eventWords names an audit event's kind for people ('code_verified' -> 'E-mail code verified'). */
export function eventWords(kind: string): string {
  if (EVENT_WORDS[kind]) return EVENT_WORDS[kind]
  const s = kind.replace(/[-_]+/g, ' ').trim()
  return s ? s[0].toUpperCase() + s.slice(1) : 'Event'
}

export function SigningStatus(props: { contractId: string }) {
  return (
    <EnsureToasts>
      <Status {...props} />
    </EnsureToasts>
  )
}

function Status({ contractId }: { contractId: string }) {
  const q = useSigning(contractId)
  const toast = useToast()
  const invite = useResendInvites(contractId, {
    onSuccess: (d) => toast('success', d.message),
    onError: (e) => toast('error', errorMessage(e)),
  })
  const resend = useResendContract(contractId, {
    onSuccess: (d) => toast('success', d.message || LINK_SENT),
    onError: (e) => toast('error', errorMessage(e)),
  })

  const [, setParams] = useSearchParams()
  const [asking, setAsking] = useState(false)
  const withdraw = useWithdrawContract(contractId, {
    onSuccess: (d) => {
      toast('success', d.message)
      setParams({ view: 'draft', id: contractId })
    },
  })

  if (q.isPending) return <div className="sgs panel"><Spinner /></div>
  if (q.isError) return <FormMessage kind="error">{errorMessage(q.error)}</FormMessage>
  const s = q.data
  if (s.status === 'Draft') return null
  const me = s.signers.find((x) => x.me)
  const landlord = me?.role === 'Landlord'
  const completed = s.status === 'COMPLETED'

  return (
    <section className="panel sgs" aria-labelledby="sgs-title">
      <h2 id="sgs-title">{completed ? 'Signed by everyone' : 'Signing progress'}</h2>
      {s.message || s.waitingFor ? <p className="sgs__status">{s.message || s.waitingFor}</p> : null}
      {s.notice ? <p className="cw-warning sgs__notice" role="note">{s.notice}</p> : null}
      <SignerList signers={s.signers} />
      {(landlord && s.status === 'ATS') || completed ? (
        <div className="sgs__actions">
          {landlord && s.status === 'ATS' && !s.notice ? (
            <button
              type="button"
              className="button button--outline"
              aria-busy={invite.isPending || undefined}
              onClick={() => !invite.isPending && invite.mutate()}
            >
              {invite.isPending ? <ButtonSpinner /> : <Send aria-hidden size={18} />}
              Re-send invitation
            </button>
          ) : null}
          {landlord && s.status === 'ATS' ? (
            <button type="button" className={s.notice ? 'button' : 'button button--outline'} onClick={() => { withdraw.reset(); setAsking(true) }}>
              <Undo2 aria-hidden size={18} />
              {WITHDRAW}
            </button>
          ) : null}
          {completed ? (
            <>
              <a className="button" href={`/api/contracts/${encodeURIComponent(contractId)}/pdf`} download>
                <Download aria-hidden size={18} />
                Download PDF
              </a>
              <button
                type="button"
                className="button button--outline"
                aria-busy={resend.isPending || undefined}
                onClick={() => !resend.isPending && resend.mutate()}
              >
                {resend.isPending ? <ButtonSpinner /> : <Mail aria-hidden size={18} />}
                E-mail me the download link
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {withdraw.isError ? <FormMessage kind="error">{errorMessage(withdraw.error)}</FormMessage> : null}
      <ConfirmDialog open={asking} confirmLabel={WITHDRAW} busy={withdraw.isPending} onCancel={() => setAsking(false)}
        onConfirm={() => withdraw.mutate(undefined, { onSettled: () => setAsking(false) })}>
        <p>{WITHDRAW_QUESTION}</p>
      </ConfirmDialog>
      {s.documentId || s.documentHash ? (
        <details className="sgs__audit">
          <summary>Document details</summary>
        <dl className="sgs__facts">
          {s.documentId ? (
            <>
              <dt>Document reference</dt>
              <dd className="sgs__mono">{s.documentId}</dd>
            </>
          ) : null}
          {s.documentHash ? (
            <>
              <dt>Document hash (SHA-256)</dt>
              <dd className="sgs__mono">{s.documentHash}</dd>
            </>
          ) : null}
        </dl>
        </details>
      ) : null}
      {s.events.length > 0 ? (
        <details className="sgs__audit">
          <summary>Audit trail</summary>
          <ol className="sgs__events">
            {s.events.map((e, i) => (
              <EventRow key={i} event={e} />
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  )
}

function EventRow({ event: e }: { event: SigningEvent }) {
  return (
    <li>
      <time dateTime={e.at}>{formatDateTime(e.at)}</time>
      <span>
        <strong>{eventWords(e.kind)}</strong>
        {e.actor ? ` by ${e.actor}` : ''}
      </span>
      {e.detail ? <span className="cw-muted">{e.detail}</span> : null}
    </li>
  )
}
