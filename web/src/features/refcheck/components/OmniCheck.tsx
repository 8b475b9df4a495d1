// OmniCheck, the reference-check dashboard at /dashboard for landlords with
// a property (spec 2 section 2): Initiate (welcome, type choice, form,
// payment, success), Active Reports and Completed Reports, chosen with a
// tab bar. Where the landlord is lives in the URL (see views.ts).
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import type { User } from '../../../lib/api'
import { ToastProvider } from '../../../components/Toast'
import { storeOrder } from '../../payment/api/keys'
import { ReferenceFormView, type Purchase } from './ReferenceFormView'
import { ReferencePayView } from './ReferencePayView'
import { ReferenceTypeView } from './ReferenceTypeView'
import { ReportsView } from './ReportsView'
import { SuccessView } from './SuccessView'
import { WelcomeView } from './WelcomeView'
import { checkKey, reportsKey, type CheckAnswer } from '../api/keys'
import { emptyReferenceForm, normaliseEmail, type ReferenceForm } from '../rules'
import { parsePlace, placeHref, rememberWelcomed, welcomed, type Place, type Step, type View } from '../views'
import '../../../app/shell/pages.css'
import '../refcheck.css'

const TABS: { view: View; label: string }[] = [
  { view: 'initiate', label: 'Initiate' },
  { view: 'active', label: 'Active Reports' },
  { view: 'completed', label: 'Completed Reports' },
]

const PROGRESS: { step: Step; label: string }[] = [
  { step: 'reference', label: 'Choose a check' },
  { step: 'form', label: 'Renters and property' },
  { step: 'pay', label: 'Payment' },
]

export default function OmniCheck({ user }: { user: User }) {
  const [params] = useSearchParams()
  const place = parsePlace(params)
  // The form outlives the tabs: a look at the reports does not lose it.
  // ?propertyId= (START NEW in the documents area) chooses the property.
  const [form, setForm] = useState<ReferenceForm>(() => ({ ...emptyReferenceForm(), propertyId: params.get('propertyId') ?? '' }))
  return (
    <ToastProvider>
      <div className="page omnicheck">
        <h1 className="page__title">OmniCheck</h1>
        <p className="page__lead">Instant tenant reference checks, with affordability verified through the renter&apos;s bank.</p>
        <nav className="omni-tabs" aria-label="Reference checks">
          <ul>
            {TABS.map((t) => (
              <li key={t.view}>
                <Link
                  to={placeHref({ view: t.view })}
                  className={place.view === t.view ? 'omni-tabs__tab omni-tabs__tab--active' : 'omni-tabs__tab'}
                  aria-current={place.view === t.view ? 'page' : undefined}
                >
                  {t.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {place.view === 'initiate' ? <Initiate user={user} place={place} form={form} setForm={setForm} /> : <ReportsView status={place.view} />}
      </div>
    </ToastProvider>
  )
}

type InitiateProps = {
  user: User
  place: Place
  form: ReferenceForm
  setForm: Dispatch<SetStateAction<ReferenceForm>>
}

function Initiate({ user, place, form, setForm }: InitiateProps) {
  const navigate = useNavigate()
  const qc = useQueryClient()
  // The welcome is for the first visit; it is remembered once shown.
  const [firstVisit, setFirstVisit] = useState(() => !welcomed(user.id))
  const step: Step = place.step ?? (firstVisit ? 'welcome' : 'reference')

  useEffect(() => {
    if (step === 'welcome') rememberWelcomed(user.id)
  }, [step, user.id])

  const go = (p: Omit<Place, 'view'>, replace = false) => navigate(placeHref({ view: 'initiate', ...p }), { replace })

  function purchased(p: Purchase) {
    qc.setQueryData<CheckAnswer>(checkKey(p.referenceCheck.id), { referenceCheck: p.referenceCheck, depositWarning: p.depositWarning ?? '' })
    storeOrder(qc, p.order)
    go({ step: 'pay', check: p.referenceCheck.id })
  }

  function paid() {
    const id = place.check!
    setForm(emptyReferenceForm())
    void qc.invalidateQueries({ queryKey: checkKey(id) })
    void qc.invalidateQueries({ queryKey: reportsKey() })
    go({ step: 'success', check: id }, true)
  }

  const progress = PROGRESS.findIndex((s) => s.step === step)

  return (
    <div className="omni-initiate">
      {progress >= 0 ? (
        <ol className="omni-progress" aria-label="Progress">
          {PROGRESS.map((s, i) => (
            <li
              key={s.step}
              className={i < progress ? 'omni-progress__step omni-progress__step--done' : i === progress ? 'omni-progress__step omni-progress__step--current' : 'omni-progress__step'}
              aria-current={i === progress ? 'step' : undefined}
            >
              <span className="omni-progress__num" aria-hidden="true">
                {i + 1}
              </span>
              <span className="omni-progress__label">{s.label}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {step === 'welcome' ? (
        <WelcomeView
          name={user.fullName}
          onStart={() => {
            setFirstVisit(false)
            go({ step: 'reference' })
          }}
        />
      ) : step === 'reference' ? (
        <ReferenceTypeView onContinue={() => go({ step: 'form' })} />
      ) : step === 'form' ? (
        <ReferenceFormView form={form} onChange={setForm} onBack={() => go({ step: 'reference' })} onPurchased={purchased} />
      ) : step === 'pay' ? (
        <ReferencePayView
          key={place.check}
          checkId={place.check!}
          onBack={() => go({ step: 'form' })}
          onPaid={paid}
          onRenterRemoved={(email) =>
            setForm((f) => {
              const renters = f.renters.filter((r) => normaliseEmail(r.email) !== normaliseEmail(email))
              return renters.length ? { ...f, renters } : f
            })
          }
        />
      ) : (
        <SuccessView
          checkId={place.check!}
          onStartNew={() => {
            setForm(emptyReferenceForm())
            go({ step: 'reference' })
          }}
        />
      )}
    </div>
  )
}
