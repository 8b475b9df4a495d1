// The landlord's view of one renter's finished report at
// /reports/{checkId}/{renterId} (the report e-mail links here): the report
// itself, 'Download PDF' (a plain link the browser saves) and 'E-mail me the
// report' (the same as DOWNLOAD in Completed Reports).
import { Link, useParams } from 'react-router'
import { ArrowLeft, FileDown, Mail } from 'lucide-react'
import { formatPence } from '../../../lib/money'
import { ToastProvider } from '../../../components/Toast'
import { Spinner } from '../../../components/Spinner'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { ReportBody } from '../components/ReportBody'
import { reportPdfHref, type LandlordReport } from '../api/keys'
import { useLandlordReport } from '../api/landlordReport'
import { readyText } from '../reportFormat'
import { useSendReport } from '../sendReport'
import { placeHref } from '../views'
import '../../../app/shell/pages.css'
import '../refcheck.css'

export default function ReportPage() {
  const { checkId = '', renterId = '' } = useParams()
  const report = useLandlordReport(checkId, renterId)
  return (
    <ToastProvider>
      <div className="page report-page">
        <Link className="report-page__back" to={placeHref({ view: 'completed' })}>
          <ArrowLeft aria-hidden size={18} />
          Completed Reports
        </Link>
        {report.isPending ? (
          <div className="omni-loading">
            <Spinner label="Loading the report" />
          </div>
        ) : report.isError ? (
          <>
            <h1 className="page__title">Reference report</h1>
            <FormMessage kind="error">{errorMessage(report.error)}</FormMessage>
          </>
        ) : (
          <Loaded data={report.data} />
        )}
      </div>
    </ToastProvider>
  )
}

function Loaded({ data }: { data: LandlordReport }) {
  const send = useSendReport(data.referenceCheckId, data.renterId)
  const p = data.property
  return (
    <>
      <header className="report-page__head">
        <div className="report-page__who">
          <h1 className="page__title">Reference report: {data.name}</h1>
          <p className="report-page__meta">
            <span>{data.email}</span>
            <span>
              {p.addrFirstLine}, {p.town} {p.postcode}
            </span>
          </p>
          <p className="report-page__meta">
            <span>Rent {formatPence(data.rentPence)} a month</span>
            <span>Ready on {readyText(data.readyAt)}</span>
          </p>
        </div>
        <div className="report-page__actions">
          <a className="button" href={reportPdfHref(data.referenceCheckId, data.renterId)} download>
            <FileDown aria-hidden size={18} />
            Download PDF
          </a>
          <button
            type="button"
            className="button button--outline"
            disabled={send.isPending}
            aria-busy={send.isPending}
            onClick={() => send.mutate()}
          >
            {send.isPending ? <ButtonSpinner /> : <Mail aria-hidden size={18} />}
            E-mail me the report
          </button>
        </div>
      </header>
      <ReportBody report={data.report} audience="landlord" rentPence={data.rentPence} rightToRentNotNeededIn={data.rightToRentNotNeededIn} />
    </>
  )
}
