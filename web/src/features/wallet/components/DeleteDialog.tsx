// The delete confirmation of spec 3 "Wallet": 'Are you sure you want to
// delete this report?' with YES and NO. While the deletion runs the dialog
// stays, so the answer is never lost.
import { Dialog } from '../../../components/Dialog'
import { ButtonSpinner } from '../../../components/Form'
import { DELETE_QUESTION } from '../rules'

type Props = { open: boolean; busy: boolean; onYes: () => void; onNo: () => void; detail?: string }

export function DeleteDialog({ open, busy, onYes, onNo, detail }: Props) {
  return (
    <Dialog open={open} onClose={() => (busy ? undefined : onNo())} title="Delete">
      <div className="confirm">
        <p>{DELETE_QUESTION}</p>
        {detail ? <p className="wl-muted">{detail}</p> : null}
        <div className="confirm__actions">
          <button type="button" className="button button--outline" onClick={onNo} disabled={busy}>
            NO
          </button>
          <button type="button" className="button button--danger" onClick={onYes} disabled={busy} aria-busy={busy}>
            {busy ? <ButtonSpinner /> : null}
            YES
          </button>
        </div>
      </div>
    </Dialog>
  )
}
