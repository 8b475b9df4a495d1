// The day the landlord received the deposit: asked beside Sign and Send,
// and correctable after. The 30 days to protect the deposit and serve the
// prescribed information count from it (Housing Act 2004 s.213); until it
// is recorded the calendar shows the earliest the deadline can be.
import { useEffect, useState } from 'react'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { errorFields, errorMessage } from '../../../lib/errors'
import { useDepositReceived } from '../api/depositReceived'
import { formatDate } from '../format'

export function DepositReceived({ contractId, value }: { contractId: string; value: string }) {
  const [day, setDay] = useState(value)
  const [error, setError] = useState('')
  const [saved, setSaved] = useState(false)
  const save = useDepositReceived(contractId)
  useEffect(() => setDay(value), [value])
  function submit(ev: React.FormEvent) {
    ev.preventDefault()
    setError('')
    setSaved(false)
    save.mutate(day, {
      onSuccess: () => setSaved(true),
      onError: (e) => setError(errorFields(e).depositReceivedOn ?? errorMessage(e)),
    })
  }
  return (
    <form className="cw-note agr__deposit" onSubmit={submit} aria-labelledby="agr-deposit-title" noValidate>
      <p id="agr-deposit-title"><strong>When did you receive the deposit?</strong></p>
      <p>
        You must protect it and give the tenant the prescribed information within 30 days of receiving it.
        {value ? ` Recorded: ${formatDate(value)}.` : ' Until you record the day, the calendar shows the earliest the deadline can be.'}
      </p>
      <div className="agr__deposit-row">
        <label htmlFor="agr-deposit-day">Day received</label>
        <input id="agr-deposit-day" type="date" value={day} aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'agr-deposit-error' : undefined} onChange={(e) => setDay(e.target.value)} />
        <button type="submit" className="button button--outline" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <ButtonSpinner /> : null}
          Save
        </button>
      </div>
      {error ? <p id="agr-deposit-error" className="field-error" role="alert">{error}</p> : null}
      <FormMessage kind="success">{saved ? 'Saved.' : ''}</FormMessage>
    </form>
  )
}
