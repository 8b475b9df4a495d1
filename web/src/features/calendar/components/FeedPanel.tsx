// The private subscription feed: turned on, its address copied into Google
// Calendar, Outlook or Apple Calendar, reset (the old address stops working)
// or turned off. The address is shown once, when it is made (turned on or
// reset), as calendar services do: the server keeps only its hash, so later
// the panel says it is hidden and offers a reset.
import { useState } from 'react'
import { CalendarPlus, Copy, RefreshCw } from 'lucide-react'
import { useFeed, useTurnOffFeed, useTurnOnFeed } from '../api/feed'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { useToast } from '../../../components/Toast'
import { MSG } from '../rules'

export function FeedPanel() {
  const toast = useToast()
  const feed = useFeed()
  const [confirm, setConfirm] = useState<'reset' | 'off' | null>(null)
  const on = useTurnOnFeed({
    onSuccess: () => {
      // The dialog stays open on the new address, ready to copy.
      if (confirm === 'reset') toast('success', 'Your calendar has a new address; the old one no longer works.')
      setConfirm(null)
    },
    onError: () => toast('error', MSG.error),
  })
  const off = useTurnOffFeed({ onSuccess: () => setConfirm(null), onError: () => toast('error', MSG.error) })

  if (feed.isPending) return <Spinner label="Loading the feed" />
  if (feed.isError) return <FormMessage kind="error">{MSG.error}</FormMessage>
  const { enabled, url } = feed.data

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      toast('success', 'Address copied')
    } catch {
      toast('info', 'Select the address and copy it')
    }
  }

  return (
    <div className="cal-feed">
      <p className="cal-help">
        Your calendar, with its repeating events and the legal dates worked out for you, can appear in Google Calendar, Outlook or
        Apple Calendar. They read it from a private address: anyone who has the address can read your calendar, so keep it to
        yourself, and reset it if it has been shared.
      </p>
      {!enabled ? (
        <button type="button" className="button" disabled={on.isPending} aria-busy={on.isPending} onClick={() => on.mutate()}>
          {on.isPending ? <ButtonSpinner /> : null}
          Turn on the calendar feed
        </button>
      ) : !url ? (
        <>
          <p className="cal-feed__hidden" role="status">
            Your calendar feed is on. Its private address is hidden: it was shown once, when it was made, and is not kept in a form
            anyone can read back. If you no longer have it, reset the address to get a new one (calendars subscribed to the old one
            must then subscribe again).
          </p>
          <div className="cal-actions">
            <button type="button" className="button button--small" onClick={() => setConfirm('reset')}>
              <RefreshCw aria-hidden size={16} /> Reset the address
            </button>
            <button type="button" className="button button--outline button--small" onClick={() => setConfirm('off')}>
              Turn off the feed
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="cal-help cal-help--note" role="status">
            Copy this address now: it is shown only this once. Later you can reset it to get a new one.
          </p>
          <div className="field">
            <label htmlFor="cal-feed-url">Your calendar's private address</label>
            <div className="cal-inline">
              <input id="cal-feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
              <button type="button" className="button button--small" onClick={() => void copy()}>
                <Copy aria-hidden size={16} /> Copy
              </button>
            </div>
          </div>
          <p className="cal-feed__open">
            <a href={url.replace(/^https?:/, 'webcal:')} className="cal-link">
              <CalendarPlus aria-hidden size={16} /> Open in my calendar app
            </a>
          </p>
          <ul className="cal-feed__how">
            <li><strong>Google Calendar</strong>: Other calendars, +, From URL, then paste the address.</li>
            <li><strong>Outlook</strong>: Add calendar, Subscribe from web, then paste the address.</li>
            <li><strong>Apple Calendar</strong>: File, New Calendar Subscription, then paste the address.</li>
          </ul>
          <p className="cal-help">Calendar programs fetch the feed every few hours, so a change may take a while to appear there.</p>
          <div className="cal-actions">
            <button type="button" className="button button--outline button--small" onClick={() => setConfirm('reset')}>
              <RefreshCw aria-hidden size={16} /> Reset the address
            </button>
            <button type="button" className="button button--outline button--small" onClick={() => setConfirm('off')}>
              Turn off the feed
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'reset' ? 'Reset the address' : 'Turn off the feed'}
        confirmLabel={confirm === 'reset' ? 'Reset' : 'Turn off'}
        danger={confirm === 'off'}
        busy={on.isPending || off.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => (confirm === 'reset' ? on.mutate() : off.mutate())}
      >
        <p>
          {confirm === 'reset'
            ? 'The present address stops working at once: calendars subscribed to it must subscribe again with the new one.'
            : 'The address stops working at once and calendars subscribed to it stop updating.'}
        </p>
      </ConfirmDialog>
    </div>
  )
}
