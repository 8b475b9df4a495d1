// /NewReport (spec 3 section 2): without ?id, step 0 (a new report); with
// ?id, the report's editor (a draft of the user's) or, read-only, its
// preview with where its signing stands; view=sign opens the sign screen;
// on a sent report view=dispute&section=… opens that section's dispute thread.
import { useNavigate, useSearchParams } from 'react-router'
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { ToastProvider } from '../../../components/Toast'
import { errorMessage } from '../../../lib/errors'
import { useReport } from '../api/getReport'
import { useReportDisputes } from '../api/reportDisputes'
import { PhotosProvider } from '../components/Photos'
import { Comparison } from '../components/Comparison'
import { canEditAgain, EditReportButton } from '../components/EditReportButton'
import { DISPUTE_MSG, DisputedTag, DisputeView, isFinal, isSent, openCounts } from '../components/Disputes'
import { Preview } from '../components/Preview'
import { ReportEditor } from '../components/ReportEditor'
import { ReportSigning } from '../components/ReportSigning'
import { SignReport } from '../components/SignReport'
import { StartReport } from '../components/StartReport'
import { isSection, normalise, sectionsFor } from '../rules'
import { useAuth } from '../../../lib/auth'
import { LandlordOnly } from '../../../app/guards'
import '../../../app/shell/pages.css'
import '../inventory.css'

function ReportView({ id, view, section }: { id: string; view: string | null; section: string | null }) {
  const q = useReport(id)
  const sent = !!q.data && isSent(q.data.status) && !(q.data.editable && q.data.mine && q.data.status === 'Draft')
  const disputes = useReportDisputes(id, sent)
  const [, setParams] = useSearchParams()
  if (q.isPending) return <div className="page-loading"><Spinner /></div>
  if (q.isError) return <FormMessage kind="error">{errorMessage(q.error)}</FormMessage>
  const r = q.data
  // Only the reader's own draft is edited (and signed from the editor);
  // every other report is read-only.
  if (r.editable && r.mine && r.status === 'Draft') return <ReportEditor key={r.id} report={r} />
  const preview = () => setParams({ id: r.id, view: 'preview' })
  if (view === 'sign') return <SignReport reportId={r.id} onBack={preview} />
  if (view === 'dispute' && sent && isSection(section) && sectionsFor(r.type).includes(section)) {
    return <DisputeView report={r} section={section} onBack={preview} />
  }
  return (
    <PhotosProvider reportId={r.id} update={() => undefined}>
      <ReportSigning report={r} onSign={() => setParams({ id: r.id, view: 'sign' })} />
      <Preview type={r.type} data={normalise(r.data)}
        tag={r.status === 'Disputed' ? <DisputedTag /> : null}
        disputes={sent ? { open: openCounts(disputes.data), label: isFinal(r.status) ? 'Comments' : r.mine ? 'Reply' : 'Dispute', onOpen: (s) => setParams({ id: r.id, view: 'dispute', section: s }) } : undefined}
        actions={sent && r.mine ? (
          <div className="inv-pv-note">
            <p className="inv-muted">{canEditAgain(r) ? DISPUTE_MSG.creatorNote : DISPUTE_MSG.creatorNoteFinal}</p>
            <EditReportButton report={r} />
          </div>
        ) : null} />
      {r.type === 'Check-out Report' ? <Comparison reportId={r.id} /> : null}
    </PhotosProvider>
  )
}

export default function NewReportPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const id = params.get('id')
  const { user } = useAuth()
  // Starting a report is a landlord's or inspector's; a tenant opens the reports sent to them.
  if (!id && user?.userType === 'Tenant') return <LandlordOnly />
  return (
    <ToastProvider>
      <div className="inv-page">
        {id ? <ReportView id={id} view={params.get('view')} section={params.get('section')} /> : <StartReport onCreated={(rid) => navigate(`/NewReport?id=${encodeURIComponent(rid)}`, { replace: true })} />}
      </div>
    </ToastProvider>
  )
}
