// /maintenance/report: a tenant reports a repair in their home; a landlord
// logs one received elsewhere for one of their properties (issue 44).
import { Link, useNavigate } from 'react-router'
import { ArrowLeft } from 'lucide-react'
import { useAuth } from '../../../lib/auth'
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { useRepairForm, useRepairProperties, useReportRepair } from '../api/repairs'
import { ReportForm } from '../components/ReportForm'
import '../../../app/shell/pages.css'
import '../maintenance.css'

export default function ReportRepairPage() {
  const { user } = useAuth()
  const landlord = user?.userType === 'Landlord'
  const navigate = useNavigate()
  const form = useRepairForm()
  const props = useRepairProperties(landlord)
  const report = useReportRepair({ onSuccess: (r) => navigate(`/maintenance/${r.id}`, { state: { reported: true } }) })
  const properties = (props.data ?? []).map((p) => ({
    id: p.id,
    address: [p.address.addrFirstLine, p.address.town, p.address.postcode].filter(Boolean).join(', '),
  }))
  const ready = form.data && (!landlord || props.data)
  return (
    <div className="page rp rp--narrow">
      <Link className="rp-back" to="/maintenance"><ArrowLeft aria-hidden size={18} /> Maintenance</Link>
      <h1 className="page__title">{landlord ? 'Log a repair' : 'Report a repair'}</h1>
      <p className="page__lead">
        {landlord
          ? 'A report you received by phone, text, e-mail, letter or at an inspection. The deadlines count from when you were told.'
          : 'Tell your landlord what needs repairing. Your report is recorded with the time you send it, and your landlord’s deadlines count from then.'}
      </p>
      {form.isPending || (landlord && props.isPending) ? <div className="page-loading"><Spinner /></div> : null}
      {form.isError ? <FormMessage kind="error">{errorMessage(form.error)}</FormMessage> : null}
      {ready && !landlord && form.data.homes.length === 0 ? (
        <p className="panel">
          You can report a repair once the tenancy agreement for your home has been signed by everyone. Until then, please contact your
          landlord directly.
        </p>
      ) : ready ? (
        <ReportForm
          form={form.data}
          landlord={landlord}
          properties={properties}
          busy={report.isPending}
          error={report.error}
          onSubmit={(body) => report.mutate(body)}
        />
      ) : null}
    </div>
  )
}
