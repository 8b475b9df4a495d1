// A tenant gives notice to end the tenancy: the earliest end the law
// allows (worked out by the server), or a later day they choose. Asked
// once more before it is sent: it cannot be taken back here.
import { useState, type FormEvent } from 'react'
import { Field, FormMessage, describedBy } from '../../../components/Form'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { errorFields, errorMessage } from '../../../lib/errors'
import { useGiveNotice, type NoticeTenancy } from '../api/notices'

export function GiveNoticeForm({ tenancy }: { tenancy: NoticeTenancy }) {
  const [endOn, setEndOn] = useState('')
  const [confirming, setConfirming] = useState(false)
  const give = useGiveNotice(tenancy.id, { onSettled: () => setConfirming(false) })
  const fields = give.isError ? errorFields(give.error) : {}
  const earliest = tenancy.earliestEnd
  const id = `nt-end-${tenancy.id}`
  const submit = (e: FormEvent) => {
    e.preventDefault()
    give.reset()
    setConfirming(true)
  }
  return (
    <form className="nt-give" onSubmit={submit} noValidate aria-label="Give notice to end the tenancy">
      {earliest ? (
        <div className="nt-note">
          <p>If you give notice today, the earliest day your tenancy can end is <strong>{earliest.text}</strong>: {earliest.limits[0]?.reason}.</p>
          <p className="nt-small">{earliest.note}</p>
        </div>
      ) : null}
      <Field id={id} label="Day your tenancy ends (optional)" error={fields.endOn} hint="Leave it empty for the earliest day.">
        <input id={id} type="date" value={endOn} min={earliest?.date} onChange={(e) => setEndOn(e.target.value)}
          aria-invalid={fields.endOn ? true : undefined} aria-describedby={describedBy(id, { hint: true, error: fields.endOn })} />
      </Field>
      {give.isError && Object.keys(fields).length === 0 ? <FormMessage kind="error">{errorMessage(give.error)}</FormMessage> : null}
      <button type="submit" className="button button--outline" disabled={give.isPending}>Give notice</button>
      <ConfirmDialog
        open={confirming}
        title="Give notice to end your tenancy?"
        confirmLabel="Give notice now"
        busy={give.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => give.mutate({ endOn })}
      >
        <p>
          Your landlord, {tenancy.landlordName}, is sent your notice by e-mail now, and it is recorded with the time. The tenancy of{' '}
          {tenancy.address} ends on {endOn ? 'the day you chose' : earliest?.text}. {earliest?.note}
        </p>
        <p className="nt-small">You can also send it in writing to your landlord's address for notices: {tenancy.serviceAddress}.</p>
      </ConfirmDialog>
    </form>
  )
}
