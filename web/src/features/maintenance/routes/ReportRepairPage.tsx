// /maintenance/report: a tenant reports a repair in their home; a landlord
// logs one received elsewhere for one of their properties (issue 44).
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router'
import { ArrowLeft } from 'lucide-react'
import { useAuth } from '../../../lib/auth'
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { useRepairForm, useRepairProperties, useReportRepair } from '../api/repairs'
import { ReportForm, type ReportExtras } from '../components/ReportForm'
import { attachRepairOriginal, sendPhotos } from '../api/evidence'
import { repairKey, type Repair, type RepairReport } from '../api/repairs'
import '../../../app/shell/pages.css'
import '../maintenance.css'

export default function ReportRepairPage() {
  const { user } = useAuth()
  const landlord = user?.userType === 'Landlord'
  const navigate = useNavigate()
  const form = useRepairForm()
  const props = useRepairProperties(landlord)
  const report = useReportRepair()
  const qc = useQueryClient()
  const [sending, setSending] = useState(false)
  // The report first (kept whatever happens to its files), then each photo
  // and the original message; a file refused is said on the repair's page,
  // where it can be added again.
  async function send(body: RepairReport, extras: ReportExtras) {
    let r: Repair
    try {
      r = await report.mutateAsync(body)
    } catch {
      return // the form shows the error and keeps every answer
    }
    setSending(true)
    const failed: string[] = []
    if (extras.original) {
      try {
        await attachRepairOriginal(r.id, extras.original)
      } catch (e) {
        failed.push(`${extras.original.name}: ${errorMessage(e)}`)
      }
    }
    if (extras.photos.length > 0) failed.push(...(await sendPhotos(r.id, extras.photos)).failed)
    setSending(false)
    await qc.invalidateQueries({ queryKey: repairKey(r.id) })
    void navigate(`/maintenance/${r.id}`, { state: { reported: true, failed } })
  }
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
          busy={report.isPending || sending}
          error={report.error}
          onSubmit={(body, extras) => void send(body, extras)}
        />
      ) : null}
    </div>
  )
}
