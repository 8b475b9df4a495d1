// The sign screen (spec 2, "Preview and signing"): a 6-digit e-mail code
// check, then payment if pending (the landlord's contract fee), then a
// signature box. The server's signing state decides the step: a verified
// reader skips the code, a paid contract skips the payment, and a reader who
// must wait for others sees whom they are waiting for.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, CircleCheck } from 'lucide-react'
import { ButtonSpinner, describedBy, Field, FormMessage } from '../../../components/Form'
import { SignatureBox, type SignatureValue } from '../../../components/SignatureBox'
import { Spinner } from '../../../components/Spinner'
import { EnsureToasts, useToast } from '../../../components/Toast'
import { useAuth } from '../../../lib/auth'
import { errorMessage } from '../../../lib/errors'
import { ApiError } from '../../../lib/api'
import { PaymentScreen } from '../../payment/components/PaymentScreen'
import { useContractOrder } from '../api/contractOrder'
import { useSendSigningCode } from '../api/sendSigningCode'
import { useSignContract } from '../api/signContract'
import { useSigning, type SignResult } from '../api/signing'
import { useVerifySigningCode } from '../api/verifySigningCode'
import { contractKey } from '../api/types'
import '../signing.css'

// ---- Exact texts (spec) ----
export const CODE_SENT = 'Please Check your email'
export const CODE_FORMAT = 'Please enter the 6 digit code sent to your email'
export const SIGN_EMPTY = 'Please sign the contract'
export const SIGN_WAIT = 'Please wait a few seconds'
export const DONE_HEADING = 'Tenancy Agreement Builder'

const CODE_RE = /^\d{6}$/

type Props = {
  contractId: string
  /** onDone leaves the done screen: to the completed list when the agreement is complete, else the awaiting one. */
  onDone: (completed: boolean) => void
  /** onBack returns to the agreement. */
  onBack?: () => void
}

export function SignScreen(props: Props) {
  return (
    <EnsureToasts>
      <Sign {...props} />
    </EnsureToasts>
  )
}

function Sign({ contractId, onDone, onBack }: Props) {
  const q = useSigning(contractId)
  const { user } = useAuth()
  const [result, setResult] = useState<SignResult | null>(null)

  if (result) return <DoneScreen result={result} landlord={result.contract.mine} onNext={() => onDone(result.completed)} />
  if (q.isPending) return <div className="page-loading"><Spinner /></div>
  if (q.isError) return <FormMessage kind="error">{errorMessage(q.error)}</FormMessage>

  const state = q.data
  const me = state.signers.find((s) => s.me)
  const landlord = me ? me.role === 'Landlord' : user?.userType !== 'Tenant'
  const email = me?.email || user?.email || 'your email'

  let step: 'code' | 'pay' | 'sign' | 'wait' = 'sign'
  if (!state.canSign) step = 'wait'
  else if (!state.verified) step = 'code'
  else if (landlord && state.needsPayment) step = 'pay'

  const steps = [
    { key: 'code', label: 'Check your e-mail' },
    ...(landlord && (state.needsPayment || state.paymentStatus === 'PENDING') ? [{ key: 'pay', label: 'Payment' }] : []),
    { key: 'sign', label: 'Sign' },
  ]
  const at = steps.findIndex((s) => s.key === step)

  return (
    <section className="panel sg" aria-labelledby="sg-title">
      <div className="sg__head">
        {onBack ? (
          <button type="button" className="icon-button" aria-label="Back to the agreement" onClick={onBack}>
            <ArrowLeft aria-hidden size={24} />
          </button>
        ) : null}
        <h1 id="sg-title" className="page__title sg__title">
          {landlord ? 'Sign and send the agreement' : 'Sign the agreement'}
        </h1>
      </div>
      {step === 'wait' ? (
        <p className="cw-note" role="status">
          {state.waitingFor || state.message || 'There is nothing for you to sign on this agreement now.'}
        </p>
      ) : (
        <>
          <ol className="sg__steps" aria-label="Steps">
            {steps.map((s, i) => (
              <li key={s.key} className={i === at ? 'is-current' : i < at ? 'is-done' : undefined} aria-current={i === at ? 'step' : undefined}>
                <span className="sg__step-number" aria-hidden="true">{i < at ? <CircleCheck size={18} /> : i + 1}</span>
                {s.label}
              </li>
            ))}
          </ol>
          {step === 'code' ? <CodeStep contractId={contractId} email={email} /> : null}
          {step === 'pay' ? <PayStep contractId={contractId} onPaid={() => void q.refetch()} /> : null}
          {step === 'sign' ? <SignatureStep contractId={contractId} landlord={landlord} onSigned={setResult} onRefresh={() => void q.refetch()} /> : null}
        </>
      )}
    </section>
  )
}

/** useFocusOnMount moves focus to a step's heading when the step appears. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return ref
}

function CodeStep({ contractId, email }: { contractId: string; email: string }) {
  const toast = useToast()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const [sent, setSent] = useState(false)
  const [code, setCode] = useState('')
  const [error, setError] = useState('')
  const send = useSendSigningCode(contractId, {
    onSuccess: () => {
      setSent(true)
      toast('success', CODE_SENT)
    },
    onError: (e) => toast('error', errorMessage(e)),
  })
  const verify = useVerifySigningCode(contractId, { onError: (e) => setError(errorMessage(e)) })

  function sendCode() {
    if (send.isPending) return
    send.mutate()
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    if (verify.isPending) return
    if (!CODE_RE.test(code)) {
      setError(CODE_FORMAT)
      toast('error', CODE_FORMAT)
      return
    }
    setError('')
    verify.mutate(code)
  }

  return (
    <div className="sg__step">
      <h2 className="sg__step-title" ref={heading} tabIndex={-1}>
        Check your e-mail
      </h2>
      <p>
        We will e-mail a 6 digit code to <strong className="sg__email">{email}</strong>
      </p>
      {!sent ? (
        <button type="button" className="button sg__wide" onClick={sendCode} aria-busy={send.isPending || undefined}>
          {send.isPending ? <ButtonSpinner /> : null}
          Send code
        </button>
      ) : null}
      <form className="sg__code" onSubmit={submit} noValidate>
        <Field id="sign-code" label="6 digit code" error={error}>
          <input
            id="sign-code"
            name="code"
            className="code-input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            placeholder="6 digit code"
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy('sign-code', { error })}
            onChange={(e) => setCode(e.target.value.replace(/\s+/g, ''))}
          />
        </Field>
        <button type="submit" className="button sg__wide" disabled={verify.isPending} aria-busy={verify.isPending || undefined}>
          {verify.isPending ? <ButtonSpinner /> : null}
          Verify
        </button>
        {sent ? (
          <p className="sg__resend">
            <button type="button" className="link-button" onClick={sendCode} disabled={send.isPending}>
              Resend code
            </button>
          </p>
        ) : null}
      </form>
    </div>
  )
}

function PayStep({ contractId, onPaid }: { contractId: string; onPaid: () => void }) {
  const qc = useQueryClient()
  const order = useContractOrder(contractId, {
    // 409: already paid; the signing state says so once asked again.
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409) onPaid()
    },
  })
  const asked = useRef(false)
  const { mutate } = order
  useEffect(() => {
    if (asked.current) return
    asked.current = true
    mutate()
  }, [mutate])

  if (order.isError) {
    return (
      <div className="sg__step">
        <FormMessage kind="error">{errorMessage(order.error)}</FormMessage>
        <button type="button" className="button button--outline sg__wide" onClick={() => order.mutate()}>
          Try again
        </button>
      </div>
    )
  }
  if (!order.data) return <div className="pay__loading"><Spinner label="Loading the basket" /></div>
  return (
    <div className="sg__step">
      <PaymentScreen
        orderId={order.data.id}
        title="Payment"
        onPaid={() => {
          void qc.invalidateQueries({ queryKey: contractKey(contractId) })
          onPaid()
        }}
      />
    </div>
  )
}

function SignatureStep({
  contractId,
  landlord,
  onSigned,
  onRefresh,
}: {
  contractId: string
  landlord: boolean
  onSigned: (r: SignResult) => void
  onRefresh: () => void
}) {
  const toast = useToast()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const [value, setValue] = useState<SignatureValue | null>(null)
  const [error, setError] = useState('')
  const busy = useRef(false)
  const sign = useSignContract(contractId)

  function submit() {
    if (busy.current || sign.isPending) {
      toast('info', SIGN_WAIT)
      return
    }
    if (!value) {
      toast('error', SIGN_EMPTY)
      return
    }
    setError('')
    busy.current = true
    sign.mutate(value, {
      onSuccess: (r) => {
        toast('success', r.message)
        onSigned(r)
      },
      onError: (e) => {
        const text = errorMessage(e)
        toast('error', text)
        setError(text)
        // 402 (payment pending) or 409 (someone else's turn): the state says what now.
        if (e instanceof ApiError && (e.status === 402 || e.status === 409)) onRefresh()
      },
      onSettled: () => {
        busy.current = false
      },
    })
  }

  const label = landlord ? 'Sign and Send' : 'Sign'
  return (
    <div className="sg__step">
      <h2 className="sg__step-title" ref={heading} tabIndex={-1}>
        Your signature
      </h2>
      <p className="cw-muted">
        {landlord
          ? 'Draw, type or upload your signature. Once you sign, the agreement can no longer be changed and is sent to the tenant(s) to sign.'
          : 'Draw, type or upload your signature.'}
      </p>
      <SignatureBox id="sign-signature" label="Your signature" onChange={setValue} />
      <FormMessage kind="error">{error}</FormMessage>
      <button type="button" className="button sg__wide sg__submit" onClick={submit} aria-busy={sign.isPending || undefined}>
        {sign.isPending ? <ButtonSpinner /> : null}
        {label}
      </button>
    </div>
  )
}

function DoneScreen({ result, landlord, onNext }: { result: SignResult; landlord: boolean; onNext: () => void }) {
  const heading = useFocusOnMount<HTMLHeadingElement>()
  let text = 'Your signature has been added. We will let you know by e-mail when everyone has signed.'
  if (result.completed) text = 'Everyone has signed. The signed agreement will be e-mailed to everyone.'
  else if (landlord) text = 'Your signature has been added and the agreement has been sent to the tenant(s) to sign.'
  return (
    <section className="panel sg sg--done" aria-labelledby="sg-done-title">
      <CircleCheck aria-hidden size={48} className="sg__done-icon" />
      <h1 id="sg-done-title" className="page__title" ref={heading} tabIndex={-1}>
        {DONE_HEADING}
      </h1>
      <p>{text}</p>
      <button type="button" className="button sg__wide" onClick={onNext}>
        Next
      </button>
    </section>
  )
}

