// Active Reports and Completed Reports (spec 2 section 2): one row per
// renter of the landlord's paid checks. A table on wide screens, cards with
// the same data on a phone. RESEND e-mails a renter's invitation again
// (Not Notified / Renter Notified); the server allows once a minute. A
// completed report has 'View report' (the landlord's report page), DOWNLOAD
// (the report e-mailed again, as in spec 2: 'Resend successful!', once a
// minute) and 'Download PDF' (saved at once).
import { Link } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { Eye, FileDown, Mail, Plus } from 'lucide-react'
import { ApiError } from '../../../lib/api'
import { useResendToRenter } from '../api/renterActions'
import { useMediaQuery } from '../../../lib/useMediaQuery'
import { useToast } from '../../../components/Toast'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { reportPdfHref, reportsKey, type ReferenceReport, type ReportStatus } from '../api/keys'
import { useReports } from '../api/reports'
import { useSendReport } from '../sendReport'
import { placeHref } from '../views'

export const LOADING_REPORTS = 'Populating reports...'
export const EMPTY_REPORTS: Record<ReportStatus, string> = {
  active: 'No active reports.',
  completed: 'No completed reports.',
}
export const REPORTS_ERROR = 'Something went wrong, please try again'
export const DOWNLOAD_NOTE = 'DOWNLOAD e-mails the report to you again; Download PDF saves it on this device.'
export const COLUMNS = ['RENTER', 'EMAIL', 'PROPERTY', 'INITIATION DATE', 'STATUS'] as const
const TITLES: Record<ReportStatus, string> = { active: 'Active Reports', completed: 'Completed Reports' }

/** CARDS is where the table becomes cards. */
export const CARDS = '(max-width: 720px)'

const dateFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' })
/** initiationDate is the en-GB day (dd/mm/yyyy) in the UK. */
export const initiationDate = (iso: string) => dateFormat.format(new Date(iso))

/** reportHref is the landlord's page for one renter's report (the report e-mail links there too). */
export const reportHref = (checkId: string, renterId: string) => `/reports/${encodeURIComponent(checkId)}/${encodeURIComponent(renterId)}`

const propertyText = (r: ReferenceReport) => `${r.property.addrFirstLine}, ${r.property.town} ${r.property.postcode}`
const canResend = (r: ReferenceReport) => r.status === 'Not Notified' || r.status === 'Renter Notified'
const statusClass = (s: ReferenceReport['status']) => `report-status report-status--${s.toLowerCase().replace(/\s+/g, '-')}`

export function ReportsView({ status }: { status: ReportStatus }) {
  const reports = useReports(status)
  const cards = useMediaQuery(CARDS)
  const title = TITLES[status]
  const noteId = `reports-${status}-note`

  let body
  if (reports.isPending) {
    body = (
      <p className="reports__status" role="status">
        {LOADING_REPORTS}
      </p>
    )
  } else if (reports.isError) {
    body = <FormMessage kind="error">{REPORTS_ERROR}</FormMessage>
  } else if (reports.data.length === 0) {
    body = (
      <p className="reports__status reports__status--empty" role="status">
        {EMPTY_REPORTS[status]}
      </p>
    )
  } else if (cards) {
    body = (
      <ul className="report-cards" aria-label={title}>
        {reports.data.map((r) => (
          <li key={r.renterId} className="report-card">
            <h3 className="report-card__name">{r.name}</h3>
            <dl className="report-card__facts">
              <div>
                <dt>Email</dt>
                <dd>{r.email}</dd>
              </div>
              <div>
                <dt>Property</dt>
                <dd>{propertyText(r)}</dd>
              </div>
              <div>
                <dt>Initiation date</dt>
                <dd>{initiationDate(r.initiatedAt)}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>
                  <span className={statusClass(r.status)}>{r.status}</span>
                </dd>
              </div>
            </dl>
            <div className="report-card__action">
              <Action report={r} status={status} noteId={noteId} />
            </div>
          </li>
        ))}
      </ul>
    )
  } else {
    body = (
      <div className="reports__table-wrap">
        <table className="reports__table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {reports.data.map((r) => (
              <tr key={r.renterId}>
                <td className="reports__renter">{r.name}</td>
                <td className="reports__email">{r.email}</td>
                <td>{propertyText(r)}</td>
                <td>{initiationDate(r.initiatedAt)}</td>
                <td>
                  <span className={statusClass(r.status)}>{r.status}</span>
                </td>
                <td className="reports__action">
                  <Action report={r} status={status} noteId={noteId} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )
  }

  return (
    <section className="reports" aria-labelledby="reports-title">
      <div className="reports__head">
        <h2 id="reports-title" className="omni-step-title">
          {title}
        </h2>
        <Link className="button" to={placeHref({ view: 'initiate', step: 'reference' })}>
          <Plus aria-hidden size={18} />
          INITIATE REFERENCE CHECK
        </Link>
      </div>
      {status === 'completed' && reports.data && reports.data.length > 0 ? (
        <p id={noteId} className="reports__note">
          {DOWNLOAD_NOTE}
        </p>
      ) : null}
      {body}
    </section>
  )
}

function Action({ report, status, noteId }: { report: ReferenceReport; status: ReportStatus; noteId: string }) {
  if (status === 'completed') return <CompletedActions report={report} noteId={noteId} />
  if (!canResend(report)) return null
  return <ResendButton report={report} />
}

function CompletedActions({ report, noteId }: { report: ReferenceReport; noteId: string }) {
  const send = useSendReport(report.referenceCheckId, report.renterId)
  return (
    <div className="report-actions">
      <Link
        className="button report-action"
        to={reportHref(report.referenceCheckId, report.renterId)}
        aria-label={`View report for ${report.email}`}
      >
        <Eye aria-hidden size={18} />
        View report
      </Link>
      <button
        type="button"
        className="button button--outline report-action"
        aria-label={`DOWNLOAD report for ${report.email}`}
        aria-describedby={noteId}
        disabled={send.isPending}
        aria-busy={send.isPending}
        onClick={() => send.mutate()}
      >
        {send.isPending ? <ButtonSpinner /> : <Mail aria-hidden size={18} />}
        DOWNLOAD
      </button>
      <a
        className="report-pdf-link"
        href={reportPdfHref(report.referenceCheckId, report.renterId)}
        download
        aria-label={`Download PDF for ${report.email}`}
        aria-describedby={noteId}
      >
        <FileDown aria-hidden size={18} />
        Download PDF
      </a>
    </div>
  )
}

function ResendButton({ report }: { report: ReferenceReport }) {
  const qc = useQueryClient()
  const toast = useToast()
  const resend = useResendToRenter(report.referenceCheckId, report.renterId, {
    onSuccess: (res) => {
      toast('success', res.message)
      void qc.invalidateQueries({ queryKey: reportsKey() })
    },
    // The server allows a resend once a minute (429 with its message).
    onError: (e) => toast(e instanceof ApiError && e.status === 429 ? 'warning' : 'error', errorMessage(e)),
  })
  return (
    <button
      type="button"
      className="button button--outline report-action"
      aria-label={`RESEND to ${report.email}`}
      disabled={resend.isPending}
      aria-busy={resend.isPending}
      onClick={() => resend.mutate()}
    >
      {resend.isPending ? <ButtonSpinner /> : <Mail aria-hidden size={18} />}
      RESEND
    </button>
  )
}
