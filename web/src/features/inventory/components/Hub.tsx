// The report hub (step 1): title is the report type; a card per section with
// a tick when it holds data; Preview Report, SAVE DRAFT and SIGN AND SEND
// (the creator's draft: saves, then opens the sign screen, view=sign).
import { useState } from 'react'
import { Check, ChevronRight } from 'lucide-react'
import { ButtonSpinner } from '../../../components/Form'
import { useToast } from '../../../components/Toast'
import { MSG, SECTION_TITLES, sectionHasData, sectionsFor } from '../rules'
import { useEditor } from './editorContext'
import { SIGN_AND_SEND } from './SignReport'

/** SignAndSend saves the creator's draft, then opens the sign screen. */
export function SignAndSend() {
  const { report, go, flush } = useEditor()
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  if (!report.mine || report.status !== 'Draft') return null
  const start = async () => {
    if (busy) return
    setBusy(true)
    const ok = await flush()
    setBusy(false)
    if (ok) go({ view: 'sign' })
    else if (typeof navigator !== 'undefined' && navigator.onLine === false) toast('warning', MSG.offline)
    else toast('error', 'The report could not be saved yet; your changes are kept on this device.')
  }
  return (
    <button type="button" className="button button--block" aria-busy={busy || undefined} onClick={() => void start()}>
      {busy ? <ButtonSpinner /> : null}
      {SIGN_AND_SEND}
    </button>
  )
}

export function Hub() {
  const { report, data, go, flush } = useEditor()
  const toast = useToast()
  const a = report.property
  const saveDraft = async () => {
    const ok = await flush()
    if (ok) toast('success', MSG.reportSaved)
    else if (typeof navigator !== 'undefined' && navigator.onLine === false) toast('warning', MSG.offline)
    else toast('error', 'The report could not be saved yet; your changes are kept on this device.')
  }
  return (
    <section className="inv-screen" aria-labelledby="inv-hub-title">
      <h1 id="inv-hub-title" className="page__title">{report.type}</h1>
      <p className="inv-muted">{[a.addrFirstLine, a.town, a.postcode].filter(Boolean).join(', ')}</p>
      <ul className="inv-cards">
        {sectionsFor(report.type).map((s) => {
          const has = sectionHasData(data, s)
          return (
            <li key={s}>
              <button type="button" className="inv-card" onClick={() => go({ section: s })}>
                <span>{SECTION_TITLES[s]}</span>
                {has ? <Check className="inv-tick" size={20} aria-label="Has data" /> : null}
                <ChevronRight aria-hidden size={18} className="inv-card__chevron" />
              </button>
            </li>
          )
        })}
      </ul>
      <div className="inv-hub__actions">
        <button type="button" className="button button--outline button--block" onClick={() => go({ view: 'preview' })}>Preview Report</button>
        <button type="button" className="button button--outline button--block" onClick={() => void saveDraft()}>SAVE DRAFT</button>
        <SignAndSend />
      </div>
    </section>
  )
}
