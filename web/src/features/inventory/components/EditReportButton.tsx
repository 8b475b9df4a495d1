// 'Edit Report' (spec 3, the dispute view): the creator takes a sent report
// back to a draft to change it, after a dispute. The signatures so far are
// set aside with the text they were on, so everyone signs the edited
// report again; the dispute threads stay.
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Pencil } from 'lucide-react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { useReopenReport } from '../api/reopenReport'
import type { InventoryReport } from '../api/keys'

export const EDIT_REPORT = 'Edit Report'
export const EDIT_QUESTION = 'Edit the report? The signatures given so far are set aside, and everyone signs the edited report again.'

/** canEditAgain: the creator may take the report back to a draft (awaiting signatures or disputed; a completed one is final). */
export const canEditAgain = (report: InventoryReport) => report.mine && (report.status === 'ATS' || report.status === 'Disputed')

export function EditReportButton({ report }: { report: InventoryReport }) {
  const navigate = useNavigate()
  const [asking, setAsking] = useState(false)
  const reopen = useReopenReport(report.id, { onSuccess: () => navigate(`/NewReport?id=${encodeURIComponent(report.id)}`) })
  if (!canEditAgain(report)) return null
  return (
    <>
      <button type="button" className="button button--outline" onClick={() => { reopen.reset(); setAsking(true) }}>
        <Pencil aria-hidden size={18} /> {EDIT_REPORT}
      </button>
      {reopen.isError ? <FormMessage kind="error">{errorMessage(reopen.error)}</FormMessage> : null}
      <ConfirmDialog open={asking} confirmLabel={EDIT_REPORT} busy={reopen.isPending} onCancel={() => setAsking(false)}
        onConfirm={() => reopen.mutate(undefined, { onSettled: () => setAsking(false) })}>
        <p>{EDIT_QUESTION}</p>
      </ConfirmDialog>
    </>
  )
}
