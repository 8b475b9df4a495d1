// /saved-searches/unsubscribe?token=...: the daily e-mail's unsubscribe
// link, without signing in. It names the saved search, and one press stops
// its e-mails (a link that a mail scanner opens changes nothing).
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { BellOff, CheckCircle2 } from 'lucide-react'
import { FormMessage, ButtonSpinner } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { useUnsubscribe, useUnsubscribeInfo } from '../api/unsubscribe'
import '../savedsearch.css'

export default function UnsubscribePage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const info = useUnsubscribeInfo(token)
  const [done, setDone] = useState('')
  const stop = useUnsubscribe({ onSuccess: (d) => setDone(d.message) })

  let body
  if (!token) body = <FormMessage kind="error">This unsubscribe link is not complete. Open it again from the e-mail.</FormMessage>
  else if (info.isPending)
    body = (
      <p role="status">
        <span className="spinner" aria-hidden /> Fetching data, please wait...
      </p>
    )
  else if (info.isError) body = <FormMessage kind="error">{errorMessage(info.error)}</FormMessage>
  else if (done)
    body = (
      <div className="unsubscribe__done" role="status">
        <CheckCircle2 aria-hidden size={36} />
        <h2>You are unsubscribed</h2>
        <p>{done}</p>
        <p>
          Saved search: <strong>{info.data.name}</strong>
        </p>
        <p>
          Changed your mind? Sign in and open <Link to="/profile/saved-searches">Saved searches</Link> to turn the e-mails back on.
        </p>
      </div>
    )
  else
    body = (
      <div>
        <p>
          Stop the daily e-mail of new listings for the saved search <strong>{info.data.name}</strong>?
        </p>
        {!info.data.emails && <p>Its e-mails are already off.</p>}
        {stop.isError && <FormMessage kind="error">{errorMessage(stop.error)}</FormMessage>}
        <button type="button" className="button" disabled={stop.isPending} onClick={() => stop.mutate(token)}>
          {stop.isPending ? <ButtonSpinner /> : <BellOff aria-hidden size={18} />}
          Unsubscribe
        </button>
      </div>
    )
  return (
    <section className="unsubscribe" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Saved search e-mails</h1>
      {body}
    </section>
  )
}
