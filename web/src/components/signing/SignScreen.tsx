// The one sign screen, for everything that is signed (tenancy agreements,
// inventory reports): an optional confirmation, a 6-digit e-mail code check,
// then payment if pending (the first signer's fee), then a signature box.
// The server's signing state decides the step: a verified reader skips the
// code, a paid document skips the payment, and a reader who must wait for
// others sees whom they are waiting for.
//
// The area plugs in through a SigningAdapter: its signing-state query, four
// async calls (code, verify, order, sign) and its texts.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useMutation, type UseQueryResult } from '@tanstack/react-query'
import { ArrowLeft, CircleCheck } from 'lucide-react'
import { ButtonSpinner, describedBy, Field, FormMessage } from '../Form'
import { SignatureBox, type SignatureValue } from '../SignatureBox'
import { Spinner } from '../Spinner'
import { EnsureToasts, useToast } from '../Toast'
import { useAuth } from '../../lib/auth'
import { errorMessage } from '../../lib/errors'
import { ApiError } from '../../lib/api'
import type { components } from '../../lib/api-schema'
import { PaymentScreen } from '../../features/payment/components/PaymentScreen'
import type { Order } from '../../features/payment/api/keys'
import './signing.css'

export type SigningState = components['schemas']['SigningState']
export type Signer = components['schemas']['Signer']
export type SigningEvent = components['schemas']['SigningEvent']
export type SignatureInput = components['schemas']['SignatureInput']

// ---- Exact texts (spec) ----
export const CODE_SENT = 'Please Check your email'
export const CODE_FORMAT = 'Please enter the 6 digit code sent to your email'
export const SIGN_WAIT = 'Please wait a few seconds'
/** DOC_CHANGED is the server's answer (409 document_changed) when the document changed after the page showed it. */
export const DOC_CHANGED = 'This document changed since you opened it. Please read the new version before you sign.'
export const READ_NEW_VERSION = 'Read the new version'

const CODE_RE = /^\d{6}$/

/** SignOutcome is what a signature's answer says; first, when given, says whether the signer was the first (landlord or creator). */
export type SignOutcome = { message: string; completed: boolean; first?: boolean }

/** SignDone is what the screen hands back once the reader has signed (after the done screen, when there is one). */
export type SignDone = { message: string; completed: boolean; first: boolean }

export type SigningTexts = {
  /** title is the screen's heading; first: the reader is the first signer (the landlord, the report's creator). */
  title: (first: boolean) => string
  /** backLabel names the back arrow (shown when the screen has onBack). */
  backLabel: string
  /** nothingToSign is shown when the reader may not sign now and the server says nothing more. */
  nothingToSign: string
  /** confirm adds a first stage: a statement the reader confirms with a button. */
  confirm?: { heading: string; statement: (first: boolean) => string; button: (first: boolean) => string }
  /** resendLabel is the code step's button that sends the code again. */
  resendLabel: string
  /** signIntro is the text above the signature box. */
  signIntro: (first: boolean) => string
  /** submitLabel is the button that signs. */
  submitLabel: (first: boolean) => string
  /** empty is the toast for a missing signature. */
  empty: string
  /** signedToast is the success toast (default: the server's message). */
  signedToast?: (outcome: SignOutcome, first: boolean) => string
  /** done adds a done screen with a Next button; without it the screen hands back at once. */
  done?: { heading: string; text: (completed: boolean, first: boolean) => string }
}

export type SigningAdapter = {
  /** state is the reader's signing state (GET …/signing). */
  state: UseQueryResult<SigningState>
  /** isFirst says whether the reader is the first signer, who pays any fee. */
  isFirst: (state: SigningState) => boolean
  /** sendCode e-mails a 6-digit code. */
  sendCode: () => Promise<unknown>
  /** verifyCode checks the code; the adapter stores the answered state. */
  verifyCode: (code: string) => Promise<SigningState>
  /** order is the first signer's order for the fee (409 once paid). */
  order: () => Promise<Order>
  /** paid is told when the order has been paid (to refresh the area's caches). */
  paid?: () => void
  /** sign sends the signature with the hash of the version the page showed (documentHash). */
  sign: (signature: SignatureInput) => Promise<SignOutcome>
  /** changed is told when the server refused a signature because the document changed (to load the new version). */
  changed?: () => void
  texts: SigningTexts
  /** notice is the area's note shown above the steps (an agreement's flagged terms). */
  notice?: React.ReactNode
}

export type SignScreenProps = {
  adapter: SigningAdapter
  /** onDone runs once the reader has signed (after the done screen's Next, when there is one). */
  onDone: (done: SignDone) => void
  /** onBack returns to the document. */
  onBack?: () => void
}

export function SignScreen(props: SignScreenProps) {
  return (
    <EnsureToasts>
      <Sign {...props} />
    </EnsureToasts>
  )
}

type Step = 'confirm' | 'code' | 'pay' | 'sign' | 'wait'

function Sign({ adapter, onDone, onBack }: SignScreenProps) {
  const { state: q, texts } = adapter
  const { user } = useAuth()
  const [result, setResult] = useState<SignDone | null>(null)
  const [confirmed, setConfirmed] = useState(false)
  // The version the reader was shown: kept while they sign, so a refetch
  // never moves a signature to a version they have not read.
  const [shown, setShown] = useState<string | null>(null)

  if (result && texts.done) return <DoneScreen done={texts.done} result={result} onNext={() => onDone(result)} />
  if (q.isPending) return <div className="page-loading"><Spinner /></div>
  if (q.isError) return <FormMessage kind="error">{errorMessage(q.error)}</FormMessage>

  const state = q.data
  const hash = shown ?? state.documentHash
  const me = state.signers.find((s) => s.me)
  const first = adapter.isFirst(state)
  const email = me?.email || user?.email || 'your email'
  const pending = state.paymentStatus.toUpperCase() === 'PENDING'

  let step: Step = 'sign'
  if (!state.canSign) step = 'wait'
  else if (texts.confirm && !confirmed) step = 'confirm'
  else if (!state.verified) step = 'code'
  else if (first && state.needsPayment) step = 'pay'

  const steps = [
    ...(texts.confirm ? [{ key: 'confirm', label: 'Confirm' }] : []),
    { key: 'code', label: 'Check your e-mail' },
    ...(first && (state.needsPayment || pending) ? [{ key: 'pay', label: 'Payment' }] : []),
    { key: 'sign', label: 'Sign' },
  ]
  const at = steps.findIndex((s) => s.key === step)

  const signed = (r: SignOutcome) => {
    const done: SignDone = { message: r.message, completed: r.completed, first: r.first ?? first }
    if (texts.done) setResult(done)
    else onDone(done)
  }

  return (
    <section className="panel sg" aria-labelledby="sg-title">
      <div className="sg__head">
        {onBack ? (
          <button type="button" className="icon-button" aria-label={texts.backLabel} onClick={onBack}>
            <ArrowLeft aria-hidden size={24} />
          </button>
        ) : null}
        <h1 id="sg-title" className="page__title sg__title">
          {texts.title(first)}
        </h1>
      </div>
      {adapter.notice}
      {step === 'wait' ? (
        <p className="sg__note" role="status">
          {state.waitingFor || state.message || texts.nothingToSign}
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
          {step === 'confirm' && texts.confirm ? <ConfirmStep confirm={texts.confirm} first={first} onConfirm={() => setConfirmed(true)} /> : null}
          {step === 'code' ? <CodeStep adapter={adapter} email={email} /> : null}
          {step === 'pay' ? <PayStep adapter={adapter} onPaid={() => void q.refetch()} /> : null}
          {step === 'sign' ? (
            <SignatureStep
              adapter={adapter}
              first={first}
              hash={hash}
              onShown={() => setShown(hash)}
              onSigned={signed}
              onRefresh={() => void q.refetch()}
              onReadNew={() => {
                setShown(null)
                if (onBack) onBack()
              }}
            />
          ) : null}
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

function ConfirmStep({ confirm, first, onConfirm }: { confirm: NonNullable<SigningTexts['confirm']>; first: boolean; onConfirm: () => void }) {
  const heading = useFocusOnMount<HTMLHeadingElement>()
  return (
    <div className="sg__step">
      <h2 className="sg__step-title" ref={heading} tabIndex={-1}>
        {confirm.heading}
      </h2>
      <p className="sg__statement">{confirm.statement(first)}</p>
      <button type="button" className="button sg__wide" onClick={onConfirm}>
        {confirm.button(first)}
      </button>
    </div>
  )
}

function CodeStep({ adapter, email }: { adapter: SigningAdapter; email: string }) {
  const toast = useToast()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const [sent, setSent] = useState(false)
  const [code, setCode] = useState('')
  const [error, setError] = useState('')
  const send = useMutation({
    mutationFn: () => adapter.sendCode(),
    onSuccess: () => {
      setSent(true)
      toast('success', CODE_SENT)
    },
    onError: (e) => toast('error', errorMessage(e)),
  })
  const verify = useMutation({ mutationFn: (c: string) => adapter.verifyCode(c), onError: (e) => setError(errorMessage(e)) })

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
              {adapter.texts.resendLabel}
            </button>
          </p>
        ) : null}
      </form>
    </div>
  )
}

function PayStep({ adapter, onPaid }: { adapter: SigningAdapter; onPaid: () => void }) {
  const order = useMutation({
    mutationFn: () => adapter.order(),
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
          adapter.paid?.()
          onPaid()
        }}
      />
    </div>
  )
}

function SignatureStep({
  adapter,
  first,
  hash,
  onShown,
  onSigned,
  onRefresh,
  onReadNew,
}: {
  adapter: SigningAdapter
  first: boolean
  /** hash is the SHA-256 of the version the reader was shown; the signature is bound to it. */
  hash: string
  /** onShown keeps hash as the version shown (once the step appears). */
  onShown: () => void
  onSigned: (r: SignOutcome) => void
  onRefresh: () => void
  /** onReadNew takes the reader to the new version after the document changed. */
  onReadNew: () => void
}) {
  const { texts } = adapter
  const toast = useToast()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const [value, setValue] = useState<SignatureValue | null>(null)
  const [error, setError] = useState('')
  const [changed, setChanged] = useState('')
  const busy = useRef(false)
  const sign = useMutation({ mutationFn: (v: SignatureInput) => adapter.sign(v) })
  const keep = useRef(onShown)
  useEffect(() => {
    keep.current()
  }, [])

  function submit() {
    if (busy.current || sign.isPending) {
      toast('info', SIGN_WAIT)
      return
    }
    if (!value) {
      toast('error', texts.empty)
      return
    }
    setError('')
    busy.current = true
    sign.mutate({ ...value, documentHash: hash }, {
      onSuccess: (r) => {
        toast('success', texts.signedToast ? texts.signedToast(r, r.first ?? first) : r.message)
        onSigned(r)
      },
      onError: (e) => {
        const text = errorMessage(e)
        toast('error', text)
        if (e instanceof ApiError && e.code === 'document_changed') {
          // Nothing was signed: the new version is loaded for the reader to read first.
          setChanged(text)
          adapter.changed?.()
          onRefresh()
          return
        }
        setError(text)
        // 402 (payment pending) or 409 (someone else's turn, or the fee): the state says what now.
        if (e instanceof ApiError && (e.status === 402 || e.status === 409)) onRefresh()
      },
      onSettled: () => {
        busy.current = false
      },
    })
  }

  return (
    <div className="sg__step">
      <h2 id="sign-signature-title" className="sg__step-title" ref={heading} tabIndex={-1}>
        Your signature
      </h2>
      <p className="sg__muted">{texts.signIntro(first)}</p>
      {changed ? (
        <div className="sg__changed" role="alert">
          <p>{changed}</p>
          <button
            type="button"
            className="button sg__wide"
            onClick={() => {
              setChanged('')
              onReadNew()
            }}
          >
            {READ_NEW_VERSION}
          </button>
        </div>
      ) : null}
      <SignatureBox id="sign-signature" labelledBy="sign-signature-title" onChange={setValue} />
      {hash ? (
        <p className="sg__muted sg__hash">
          Version you are signing: <code title={hash}>{hash.slice(0, 12)}</code>
        </p>
      ) : null}
      <FormMessage kind="error">{error}</FormMessage>
      <button type="button" className="button sg__wide sg__submit" onClick={submit} aria-busy={sign.isPending || undefined}>
        {sign.isPending ? <ButtonSpinner /> : null}
        {texts.submitLabel(first)}
      </button>
    </div>
  )
}

function DoneScreen({ done, result, onNext }: { done: NonNullable<SigningTexts['done']>; result: SignDone; onNext: () => void }) {
  const heading = useFocusOnMount<HTMLHeadingElement>()
  return (
    <section className="panel sg sg--done" aria-labelledby="sg-done-title">
      <CircleCheck aria-hidden size={48} className="sg__done-icon" />
      <h1 id="sg-done-title" className="page__title" ref={heading} tabIndex={-1}>
        {done.heading}
      </h1>
      <p>{done.text(result.completed, result.first)}</p>
      <button type="button" className="button sg__wide" onClick={onNext}>
        Next
      </button>
    </section>
  )
}
