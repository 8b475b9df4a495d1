// Where a sent report's signing stands (spec 3 sections 2, 4 and 6): who
// signs and who has signed, 'Sign Report' for the named landlord or tenant
// whose turn it is (hidden once signed and while the report is Disputed),
// 'E-mail me a copy' on ATS and Completed reports, and the PDF.
import { Download, Mail, PenLine } from 'lucide-react'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { useToast } from '../../../components/Toast'
import { SignerList } from '../../../components/signing/SignerList'
import { ApiError } from '../../../lib/api'
import { errorMessage } from '../../../lib/errors'
import { useInventorySigning } from '../api/inventorySigning'
import { useResendInventoryReport } from '../api/resendInventoryReport'
import type { InventoryReport } from '../api/keys'
import { SIGN_REPORT } from './SignReport'

// ---- Exact texts (spec 3 section 8) ----
export const COPY_SENT = 'Report has been sent to email'
export const COPY_FAILED = 'Something went wrong!'
export const EMAIL_COPY = 'E-mail me a copy'
// Asked again within 10 seconds of the last copy or invitation, the server
// answers 429 with the spec's words (spec 2's toast); its message is shown.
export const COPY_WAIT = 'Please wait 10 seconds before sending again'

export function ReportSigning({ report, onSign }: { report: InventoryReport; onSign: () => void }) {
  const q = useInventorySigning(report.id)
  const toast = useToast()
  const resend = useResendInventoryReport(report.id, {
    onSuccess: () => toast('success', COPY_SENT),
    onError: (e) =>
      e instanceof ApiError && e.status === 429 ? toast('warning', e.message || COPY_WAIT) : toast('error', COPY_FAILED),
  })
  const copyable = report.status === 'ATS' || report.status === 'Completed'
  const copy = copyable ? (
    <button type="button" className="button button--outline" aria-busy={resend.isPending || undefined}
      onClick={() => !resend.isPending && resend.mutate()}>
      {resend.isPending ? <ButtonSpinner /> : <Mail aria-hidden size={18} />}
      {EMAIL_COPY}
    </button>
  ) : null

  if (q.isPending) return <div className="panel sgs"><Spinner /></div>
  if (q.isError) {
    return (
      <section className="panel sgs">
        <FormMessage kind="error">{errorMessage(q.error)}</FormMessage>
        {copy ? <div className="sgs__actions">{copy}</div> : null}
      </section>
    )
  }
  const s = q.data
  const me = s.signers.find((x) => x.me)
  const canSign = s.canSign && report.status !== 'Disputed' && !me?.signed
  const completed = report.status === 'Completed'
  return (
    <section className="panel sgs" aria-labelledby="inv-sgs-title">
      <h2 id="inv-sgs-title">{completed ? 'Signed by everyone' : 'Signatures'}</h2>
      {s.waitingFor || s.message ? <p className="sgs__status">{s.waitingFor || s.message}</p> : null}
      {s.signers.length > 0 ? <SignerList signers={s.signers} /> : null}
      {canSign || copy || report.status !== 'Draft' ? (
        <div className="sgs__actions">
          {canSign ? (
            <button type="button" className="button" onClick={onSign}>
              <PenLine aria-hidden size={18} />
              {SIGN_REPORT}
            </button>
          ) : null}
          {copy}
          {report.status !== 'Draft' ? (
            <a className="button button--outline" href={`/api/inventory/reports/${encodeURIComponent(report.id)}/pdf`} download>
              <Download aria-hidden size={18} />
              Download PDF
            </a>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
