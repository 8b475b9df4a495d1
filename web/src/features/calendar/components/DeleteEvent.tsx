// 'Delete event' with a confirmation; for a repeating event the choice of
// this occurrence or the whole series (attendees get a cancellation).
import { useState } from 'react'
import { Trash2 } from 'lucide-react'
import { useDeleteEvent } from '../api/deleteEvent'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { useToast } from '../../../components/Toast'
import { MSG } from '../rules'
import { formatLongDay } from '../dates'

type Props = {
  eventId: string
  title: string
  /** occurrence (original start) is set when a repeating event's occurrence is open. */
  occurrence?: string
  recurring: boolean
  onDeleted: (what: 'occurrence' | 'series') => void
}

export function DeleteEvent({ eventId, title, occurrence, recurring, onDeleted }: Props) {
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const choose = recurring && !!occurrence
  const [which, setWhich] = useState<'occurrence' | 'series'>('occurrence')
  const del = useDeleteEvent({
    onSuccess: (_, vars) => {
      setOpen(false)
      onDeleted(vars.occurrence ? 'occurrence' : 'series')
    },
    onError: () => toast('error', MSG.error),
  })
  return (
    <>
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden size={18} /> Delete event
      </button>
      <ConfirmDialog
        open={open}
        title="Delete event"
        confirmLabel="Delete"
        danger
        busy={del.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() => del.mutate({ id: eventId, occurrence: choose && which === 'occurrence' ? occurrence : undefined })}
      >
        {choose ? (
          <fieldset className="cal-fieldset">
            <legend>“{title}” repeats. What do you want to delete?</legend>
            <label className="cal-option cal-option--wide">
              <input type="radio" name="delete-which" checked={which === 'occurrence'} onChange={() => setWhich('occurrence')} />
              <span>
                This occurrence
                <span className="cal-muted cal-option__sub">{formatLongDay(occurrence!.slice(0, 10))} only</span>
              </span>
            </label>
            <label className="cal-option cal-option--wide">
              <input type="radio" name="delete-which" checked={which === 'series'} onChange={() => setWhich('series')} />
              <span>
                The whole series
                <span className="cal-muted cal-option__sub">Every date, past and future</span>
              </span>
            </label>
          </fieldset>
        ) : (
          <p>Are you sure you want to delete “{title}”?</p>
        )}
        <p className="cal-muted">People invited get a cancellation by e-mail.</p>
      </ConfirmDialog>
    </>
  )
}
