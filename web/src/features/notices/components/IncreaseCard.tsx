// One rent increase as each side sees it: the old and new rent, the change
// as an amount and a percentage (computed by the server), the day it takes
// effect and how it was served. The landlord sees what the prescribed form
// asks for, filled from the agreement, with the form's link on GOV.UK, and
// records serving it; a tenant sees their right to challenge it and may
// say they accept it.
import { useState } from 'react'
import { ExternalLink } from 'lucide-react'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { errorMessage } from '../../../lib/errors'
import { useAcceptIncrease, useWithdrawIncrease, type NoticeTenancy, type RentIncrease } from '../api/notices'
import { ServeForm } from './ServeForm'

export function IncreaseCard({ inc, tenancy }: { inc: RentIncrease; tenancy: NoticeTenancy }) {
  const landlord = tenancy.role === 'landlord'
  const [confirming, setConfirming] = useState(false)
  const accept = useAcceptIncrease(inc.id)
  const withdraw = useWithdrawIncrease(inc.id, { onSuccess: () => setConfirming(false) })
  const titleId = `nt-inc-${inc.id}`
  return (
    <article className="nt-card" aria-labelledby={titleId}>
      <div className="nt-card__top">
        <h4 id={titleId} className="nt-card__title">New rent {inc.newRent}</h4>
        <span className={`nt-badge nt-badge--${inc.status}`}>{inc.inEffect ? 'In effect' : inc.statusText}</span>
      </div>
      <dl className="nt-facts">
        <div><dt>Current rent</dt><dd>{inc.oldRent}</dd></div>
        <div><dt>New rent</dt><dd>{inc.newRent}</dd></div>
        <div><dt>Change</dt><dd>+{inc.change} ({inc.percent})</dd></div>
        <div><dt>{inc.inEffect ? 'In effect from' : 'Takes effect on'}</dt><dd><strong>{inc.effectiveText}</strong></dd></div>
        {inc.servedText ? <div><dt>Served</dt><dd>{inc.servedText}{inc.methodText ? `, ${inc.methodText.toLowerCase()}` : ''}</dd></div> : null}
      </dl>
      {landlord && (inc.status === 'served' || inc.status === 'accepted') && !inc.inEffect ? (
        <p className="nt-small">Your wallet expects {inc.oldRent} until {inc.effectiveText}, then {inc.newRent} from the first rent day on or after it.</p>
      ) : null}
      {inc.acceptances.length > 0 ? (
        <ul className="nt-list nt-small">
          {inc.acceptances.map((a) => <li key={a.name + a.atText}>Accepted by {a.name} at {a.atText}</li>)}
        </ul>
      ) : null}

      {inc.challenge && (landlord || !inc.acceptedByMe) ? (
        <div className="nt-note">
          <p>{inc.challenge.text}</p>
          <a href={inc.challenge.url} target="_blank" rel="noreferrer">
            {landlord ? 'The tribunal (GOV.UK)' : 'How to apply to the tribunal (GOV.UK)'} <ExternalLink aria-hidden size={14} />
          </a>
        </div>
      ) : null}

      {!landlord && inc.acceptedByMe ? <p className="nt-ok">You told your landlord you accept the new rent.</p> : null}
      {!landlord && inc.canAccept ? (
        <div className="nt-actions">
          <button type="button" className="button" disabled={accept.isPending} aria-busy={accept.isPending} onClick={() => accept.mutate()}>
            {accept.isPending ? <ButtonSpinner /> : null}I accept the new rent
          </button>
        </div>
      ) : null}
      {accept.isError ? <FormMessage kind="error">{errorMessage(accept.error)}</FormMessage> : null}

      {landlord && inc.form && inc.status !== 'withdrawn' ? (
        <details className="nt-form" open={inc.status === 'draft'}>
          <summary>What {inc.form.name} asks for, filled from the agreement</summary>
          <p className="nt-small">{inc.form.note}</p>
          <dl className="nt-fields">
            {inc.form.fields.map((f) => (
              <div key={f.label}><dt>{f.label}</dt><dd>{f.value}</dd></div>
            ))}
          </dl>
          <a className="button button--small button--outline" href={inc.form.url} target="_blank" rel="noreferrer">
            Download {inc.form.name} from GOV.UK <ExternalLink aria-hidden size={14} />
          </a>
        </details>
      ) : null}
      {landlord && inc.canServe ? <ServeForm inc={inc} methods={tenancy.serviceMethods} /> : null}
      {landlord && inc.canWithdraw ? (
        <div className="nt-actions">
          <button type="button" className="button button--small button--outline" onClick={() => setConfirming(true)}>
            Withdraw this increase
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Withdraw the rent increase?"
        confirmLabel="Withdraw it"
        danger
        busy={withdraw.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => withdraw.mutate()}
      >
        <p>The rent stays {inc.oldRent}.{inc.status !== 'draft' ? ' Your tenants are told by e-mail.' : ''}</p>
        {withdraw.isError ? <FormMessage kind="error">{errorMessage(withdraw.error)}</FormMessage> : null}
      </ConfirmDialog>
    </article>
  )
}
