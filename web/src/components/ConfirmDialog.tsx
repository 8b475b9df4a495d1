// ConfirmDialog asks before an action that cannot be undone (delete,
// publish, remove from a basket): the question, Cancel, and the action's
// button, which shows a spinner while the action runs. While it runs the
// dialog cannot be closed, so the answer is never lost.
import type { ReactNode } from 'react'
import { Dialog } from './Dialog'
import { ButtonSpinner } from './Form'

type Props = {
  open: boolean
  title?: string
  /** confirmLabel is the action's button text (Delete, Remove, Publish...). */
  confirmLabel: string
  /** danger paints the action's button red (deleting, removing). */
  danger?: boolean
  busy: boolean
  onCancel: () => void
  onConfirm: () => void
  children: ReactNode
}

export function ConfirmDialog({ open, title = 'Please confirm', confirmLabel, danger, busy, onCancel, onConfirm, children }: Props) {
  return (
    <Dialog open={open} onClose={() => (busy ? undefined : onCancel())} title={title}>
      {open ? (
        <div className="confirm">
          {children}
          <div className="confirm__actions">
            <button type="button" className="button button--outline" onClick={onCancel} disabled={busy}>
              Cancel
            </button>
            <button
              type="button"
              className={danger ? 'button button--danger' : 'button'}
              disabled={busy}
              aria-busy={busy}
              onClick={onConfirm}
            >
              {busy ? <ButtonSpinner /> : null}
              {confirmLabel}
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  )
}
