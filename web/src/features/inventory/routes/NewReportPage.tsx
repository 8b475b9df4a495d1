// /NewReport (spec 3 section 2): without ?id, step 0 (a new report); with
// ?id, the report's editor (a draft of the user's) or its preview.
import { useNavigate, useSearchParams } from 'react-router'
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { ToastProvider } from '../../../components/Toast'
import { errorMessage } from '../../../lib/errors'
import { useReport } from '../api/getReport'
import { PhotosProvider } from '../components/Photos'
import { Preview } from '../components/Preview'
import { ReportEditor } from '../components/ReportEditor'
import { StartReport } from '../components/StartReport'
import { normalise } from '../rules'
import '../../../app/shell/pages.css'
import '../inventory.css'

function ReportView({ id }: { id: string }) {
  const q = useReport(id)
  if (q.isPending) return <div className="page-loading"><Spinner /></div>
  if (q.isError) return <FormMessage kind="error">{errorMessage(q.error)}</FormMessage>
  const r = q.data
  if (!r.editable) {
    return (
      <PhotosProvider reportId={r.id} update={() => undefined}>
        <Preview type={r.type} data={normalise(r.data)} />
      </PhotosProvider>
    )
  }
  return <ReportEditor key={r.id} report={r} />
}

export default function NewReportPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const id = params.get('id')
  return (
    <ToastProvider>
      <div className="inv-page">
        {id ? <ReportView id={id} /> : <StartReport onCreated={(rid) => navigate(`/NewReport?id=${encodeURIComponent(rid)}`, { replace: true })} />}
      </div>
    </ToastProvider>
  )
}
