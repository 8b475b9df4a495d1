// The renter's reference-check page, /initiateRefCheck/{renterId}/{referenceCheckId}
// (spec 2 "Tenant reference-check form"): no sign-in, in the public frame.
// The server says which step is next: the self-declaration form, the bank
// connection (again after a cancelled or failed attempt), the report being
// prepared (asked again every 2 seconds) or complete, when the renter sees
// their own report.
import { useEffect, useRef, useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { CircleCheck, Info, Landmark, TriangleAlert } from 'lucide-react'
import { ApiError } from '../../../lib/api'
import { useConnectBank } from '../api/renterDeclaration'
import { Spinner } from '../../../components/Spinner'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { MSG_UNEXPECTED } from '../declaration'
import { ReportBody } from '../components/ReportBody'
import { ReferenceHelpDialog } from '../components/RenterHelp'
import { SelfDeclarationForm, leaveTo } from '../components/SelfDeclarationForm'
import { renterCheckKey, type RenterView } from '../api/keys'
import { useRenterCheck } from '../api/renterCheck'
import '../../../app/shell/pages.css'
import '../refcheck.css'
import '../renter.css'

export const MSG_BANK_CANCELLED = 'The bank connection was cancelled. You can try again.'
export const MSG_BANK_FAILED = 'We could not read your bank data; please connect again.'
export const MSG_LINK_HELP = 'Please open the link in the e-mail you received, or ask the property manager to send it again.'
export const MSG_COMPLETE = 'Thank you! Your reference check is complete and a report has been sent to the property manager.'

type Step = RenterView['step']

const STEPS: { label: string }[] = [{ label: 'Your details' }, { label: 'Connect your bank' }, { label: 'Your report' }]
const STEP_INDEX: Record<Step, number> = { form: 0, bank: 1, processing: 2, complete: 2 }

export default function RenterCheckPage({ now }: { now?: Date }) {
  const { renterId = '', referenceCheckId = '' } = useParams()
  const view = useRenterCheck(referenceCheckId, renterId)
  const [helpOpen, setHelpOpen] = useState(false)

  useEffect(() => {
    const previous = document.title
    document.title = 'Reference Check | OmniRent'
    return () => {
      document.title = previous
    }
  }, [])

  let body
  if (view.isPending) {
    body = (
      <div className="omni-loading">
        <Spinner label="Loading your reference check" />
      </div>
    )
  } else if (view.isError) {
    body = (
      <>
        <FormMessage kind="error">{errorMessage(view.error)}</FormMessage>
        {view.error instanceof ApiError && view.error.status === 404 ? (
          <p className="renter-check__lead">{MSG_LINK_HELP}</p>
        ) : null}
      </>
    )
  } else {
    const v = view.data
    body = (
      <>
        <Progress step={v.step} />
        {v.step === 'form' ? (
          <SelfDeclarationForm checkId={referenceCheckId} renterId={renterId} name={v.name} email={v.email} now={now} />
        ) : v.step === 'bank' ? (
          <BankStep checkId={referenceCheckId} renterId={renterId} failed={v.failed} />
        ) : v.step === 'processing' ? (
          <Processing />
        ) : (
          <Complete view={v} />
        )}
      </>
    )
  }

  return (
    <div className="renter-check">
      <div className="renter-check__head">
        <h1 className="page__title">Reference Check</h1>
        <button
          type="button"
          className="icon-button renter-check__info"
          aria-label="About the reference check"
          title="About the reference check"
          aria-haspopup="dialog"
          onClick={() => setHelpOpen(true)}
        >
          <Info aria-hidden size={24} />
        </button>
      </div>
      {body}
      <ReferenceHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  )
}

function Progress({ step }: { step: Step }) {
  const at = STEP_INDEX[step]
  return (
    <ol className="omni-progress renter-check__progress" aria-label="Progress">
      {STEPS.map((s, i) => (
        <li
          key={s.label}
          className={i < at ? 'omni-progress__step omni-progress__step--done' : i === at ? 'omni-progress__step omni-progress__step--current' : 'omni-progress__step'}
          aria-current={i === at ? 'step' : undefined}
        >
          <span className="omni-progress__num" aria-hidden="true">
            {i + 1}
          </span>
          <span className="omni-progress__label">
            {s.label}
            {i < at ? <span className="visually-hidden"> (done)</span> : null}
          </span>
        </li>
      ))}
    </ol>
  )
}

function BankStep({ checkId, renterId, failed }: { checkId: string; renterId: string; failed: boolean }) {
  const [params] = useSearchParams()
  const qc = useQueryClient()
  const [leaving, setLeaving] = useState(false)
  const [problem, setProblem] = useState('')
  const cancelled = params.get('bank') === 'cancelled'
  const connect = useConnectBank(checkId, renterId, {
    onSuccess: (res) => {
      if (res?.status !== 'success' || !res.url) return
      setLeaving(true)
      leaveTo(res.url)
    },
    onError: (e) => {
      setProblem(e instanceof ApiError && e.status < 500 ? e.message : MSG_UNEXPECTED)
      // The step may have moved on (409): show where the renter is now.
      if (e instanceof ApiError && e.status === 409) void qc.invalidateQueries({ queryKey: renterCheckKey(checkId, renterId) })
    },
  })
  const busy = connect.isPending || leaving
  const note = failed ? MSG_BANK_FAILED : cancelled ? MSG_BANK_CANCELLED : ''
  return (
    <section className="panel renter-step" aria-labelledby="renter-bank-title">
      <span className="renter-step__icon" aria-hidden="true">
        <Landmark size={30} />
      </span>
      <h2 id="renter-bank-title" className="renter-check__step-title">
        Connect your bank
      </h2>
      {note ? (
        <p className="renter-step__note" role="status">
          <TriangleAlert aria-hidden size={20} />
          <span>{note}</span>
        </p>
      ) : null}
      <p>Your details are saved. The last step is to connect the bank account your income is paid into.</p>
      <ol className="renter-step__list">
        <li>Choose your bank and sign in with it, on your bank&apos;s own page.</li>
        <li>Allow OmniRent to read your account holder name and 12 months of transactions, once.</li>
        <li>Come back here while your report is prepared.</li>
      </ol>
      <p className="renter-step__muted">
        The property manager sees only the report, never your bank statements, and OmniRent does not keep them.
      </p>
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      <div className="omni-actions omni-actions--center">
        <button type="button" className="button" disabled={busy} aria-busy={busy} onClick={() => !busy && connect.mutate()}>
          {busy ? <ButtonSpinner /> : <Landmark aria-hidden size={18} />}
          Connect your bank
        </button>
      </div>
    </section>
  )
}

function Processing() {
  return (
    <section className="panel renter-step" aria-labelledby="renter-processing-title" aria-busy="true">
      <span className="renter-step__spinner">
        <Spinner label="Preparing your report" />
      </span>
      <h2 id="renter-processing-title" className="renter-check__step-title">
        Your report is being prepared
      </h2>
      <p>We are reading your bank data and working out the figures. This usually takes less than a minute.</p>
      <p className="renter-step__muted">You can keep this page open; it updates by itself. You can also close it: the report is sent to the property manager when it is ready.</p>
    </section>
  )
}

function Complete({ view }: { view: RenterView }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <>
      <section className="panel renter-step" aria-labelledby="renter-complete-title">
        <span className="renter-step__icon renter-step__icon--done" aria-hidden="true">
          <CircleCheck size={34} />
        </span>
        <h2 id="renter-complete-title" className="renter-check__step-title" ref={heading} tabIndex={-1}>
          Reference check complete
        </h2>
        <p>{MSG_COMPLETE}</p>
      </section>
      {view.report ? (
        <section className="renter-check__report" aria-labelledby="renter-report-title">
          <h2 id="renter-report-title" className="renter-check__report-title">
            Your report
          </h2>
          <ReportBody report={view.report} audience="renter" level={3} />
        </section>
      ) : null}
    </>
  )
}
