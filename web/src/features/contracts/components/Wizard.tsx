// The wizard (spec 2 section 2, "Wizard"): a back arrow, a progress bar and
// one step at a time. Every Continue saves the step on the server, which
// checks it with the same rules and messages; closing the browser loses
// nothing and the draft reopens at the step it was left on.
import { useEffect, useRef, useState } from 'react'
import { ArrowLeft } from 'lucide-react'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { errorCode, errorFields, errorMessage } from '../../../lib/errors'
import type { Contract, ContractAnswers, ContractCatalogue } from '../api/types'
import { useSaveStep } from '../api/saveStep'
import { useSkipForm, useStepBack } from '../api/moveContract'
import { STEP_TITLES } from '../answers'
import { TypedTermFlags, plainText } from './TermFlags'
import { StepFields, moneyProblem } from './StepFields'

/** The answers' fields each step shows, where they are not named after the step. */
const STEP_FIELDS: Partial<Record<string, string[]>> = {
  rent: ['rentPence', 'rentPeriod'], firstPayment: ['firstPaymentDate'], schedule: ['scheduleDate'],
}

type Props = { contract: Contract; catalogue?: ContractCatalogue; onPreview: () => void }

export function Wizard({ contract, catalogue, onPreview }: Props) {
  const [answers, setAnswers] = useState<ContractAnswers>(contract.answers)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState('')
  const [money, setMoneyState] = useState<Record<string, string>>({})
  const heading = useRef<HTMLHeadingElement>(null)
  const save = useSaveStep(contract.id)
  const back = useStepBack(contract.id)
  const skip = useSkipForm(contract.id)
  const step = contract.step

  // A new step (or another agreement) starts from the saved answers.
  useEffect(() => {
    setAnswers(contract.answers)
    setErrors({})
    setMessage('')
    heading.current?.focus()
  }, [contract.id, contract.step, contract.answers])

  const index = Math.max(0, contract.steps.indexOf(step))
  const total = contract.steps.length - 1
  const busy = save.isPending || back.isPending || skip.isPending

  function fail(e: unknown) {
    const fields = errorFields(e)
    setErrors(fields)
    // A message shown beside its field on this step is not repeated above
    // the form; one about another step's answer is.
    const own = STEP_FIELDS[step] ?? [step]
    const onThisStep = Object.keys(fields).some((k) => own.some((f) => k === f || k.startsWith(f + '.')))
    setMessage(onThisStep || (Object.keys(fields).length && errorCode(e) === 'invalid') ? '' : errorMessage(e))
  }

  function submit(ev: React.FormEvent) {
    ev.preventDefault()
    if (busy) return
    if (step === 'finished') return onPreview()
    const typed = step === 'rent' ? money.rent : step === 'deposit' ? (money.deposit ?? money.zero) : undefined
    const problem = moneyProblem(typed)
    if (problem) {
      setErrors({ [step === 'rent' ? 'rentPence' : 'deposit.perTenantPence']: problem })
      return
    }
    setMessage('')
    save.mutate({ step, answers }, { onError: fail })
  }

  return (
    <form className="cw panel" onSubmit={submit} noValidate aria-labelledby="cw-title">
      <div className="cw__top">
        <button type="button" className="icon-button" aria-label="Back" disabled={busy || contract.history.length <= 1}
          onClick={() => back.mutate(undefined, { onError: fail })}>
          <ArrowLeft size={20} aria-hidden="true" />
        </button>
        <div className="cw__progress" role="progressbar" aria-label="Progress" aria-valuemin={0} aria-valuemax={total} aria-valuenow={index}>
          <span style={{ width: `${Math.round((index / Math.max(1, total)) * 100)}%` }} />
        </div>
        <span className="cw-muted cw__count">{Math.min(index + 1, total)} of {total}</span>
      </div>
      <h2 id="cw-title" className="cw__title" tabIndex={-1} ref={heading}>
        {STEP_TITLES[step]}
      </h2>
      <FormMessage kind="error">{message}</FormMessage>
      <StepFields step={step} a={answers} place={{ postcode: contract.property.postcode, ask: contract.askJurisdiction, choices: contract.jurisdictionChoices }} set={(patch) => setAnswers((old) => ({ ...old, ...patch }))} errors={errors} catalogue={catalogue}
        money={money} setMoney={(k, v) => setMoneyState((m) => ({ ...m, [k]: v }))} />
      {step === 'additionalTerms' && answers.additionalTerms?.answer === 'yes' ? (
        <TypedTermFlags contractId={contract.id} text={plainText(answers.additionalTerms.text)} />
      ) : null}
      <div className="cw__actions">
        {contract.duplicate && contract.history.length > 2 && step !== 'finished' ? (
          <button type="button" className="button button--outline" disabled={busy} onClick={() => skip.mutate(undefined, { onError: fail })}>
            Skip form
          </button>
        ) : null}
        <button type="submit" className="button" disabled={busy} aria-busy={save.isPending}>
          {save.isPending ? <ButtonSpinner /> : null}
          {step === 'finished' ? 'Preview agreement' : 'Continue'}
        </button>
      </div>
    </form>
  )
}
