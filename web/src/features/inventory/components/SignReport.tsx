// The report's sign screen (spec 3 section 4, "Sign flow stages"): the shared
// sign screen with the report's calls and texts. 1. a confirmation statement
// and SIGN AND SEND (a named landlord or tenant: Sign Report); 2. the 6 digit
// code with RESEND; 3. the report fee (skipped when paid); 4. Draw, Type or
// Upload. The creator's signature sends the report ('Report sent
// successfully') and returns to /inventory; a party's returns to the preview.
import { useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import type { ToastState } from '../../../components/CarriedToast'
import { SignScreen, type SignDone, type SigningAdapter, type SigningTexts } from '../../../components/signing/SignScreen'
import { inventoryKey, type InventoryReport } from '../api/keys'
import { inventoryOrder } from '../api/inventoryOrder'
import { useInventorySigning } from '../api/inventorySigning'
import { sendInventorySigningCode } from '../api/sendInventorySigningCode'
import { NO_LOCATION, signInventoryReport, storeSignedReport } from '../api/signInventoryReport'
import { verifyInventorySigningCode } from '../api/verifyInventorySigningCode'

// ---- Exact texts (spec 3 sections 4 and 8) ----
export const SIGN_AND_SEND = 'SIGN AND SEND'
export const SIGN_REPORT = 'Sign Report'
export const PLEASE_SIGN = 'Please sign'
export const REPORT_SENT = 'Report sent successfully'

export const inventoryTexts: SigningTexts = {
  title: (creator) => (creator ? 'Sign and send the report' : 'Sign the report'),
  backLabel: 'Back to the report',
  nothingToSign: 'There is nothing for you to sign on this report now.',
  confirm: {
    heading: 'Confirm the report',
    statement: (creator) =>
      creator
        ? 'I confirm that this report is a true and accurate record of the property and its condition at the time of inspection. Once signed it can no longer be changed, and it is sent to the landlord and tenants named in it to sign. A time and location stamp is recorded with my signature.'
        : 'I confirm that I have read this report and that it is a true and accurate record of the property and its condition. A time and location stamp is recorded with my signature.',
    button: (creator) => (creator ? SIGN_AND_SEND : SIGN_REPORT),
  },
  resendLabel: 'RESEND',
  signIntro: (creator) =>
    creator
      ? 'Draw, type or upload your signature. Once you sign, the report can no longer be changed and is sent to the landlord and tenants to sign.'
      : 'Draw, type or upload your signature.',
  submitLabel: (creator) => (creator ? SIGN_AND_SEND : SIGN_REPORT),
  empty: PLEASE_SIGN,
  signedToast: (outcome, creator) => (creator ? REPORT_SENT : outcome.message),
}

/** useInventorySigningAdapter is the report's adapter for the shared sign screen; onReport is given the signed report. */
export function useInventorySigningAdapter(reportId: string, onReport?: (report: InventoryReport) => void): SigningAdapter {
  const qc = useQueryClient()
  const state = useInventorySigning(reportId)
  return {
    state,
    // The creator signs first (stage 0); without a signer row, the creator's draft.
    isFirst: (s) => {
      const me = s.signers.find((x) => x.me)
      return me ? me.stage === 0 : s.status === 'Draft'
    },
    sendCode: () => sendInventorySigningCode(reportId),
    verifyCode: (code) => verifyInventorySigningCode(qc, reportId, code),
    order: () => inventoryOrder(reportId),
    paid: () => void qc.invalidateQueries({ queryKey: inventoryKey }),
    sign: async (signature) => {
      const r = await signInventoryReport(qc, reportId, signature)
      onReport?.(r.report)
      // Said plainly when the signature's stamp has no position (issue 26).
      return { message: r.located ? r.message : `${r.message} ${NO_LOCATION}`, completed: r.completed }
    },
    // The report changed after it was shown (reopened and edited): load it again.
    changed: () => void qc.invalidateQueries({ queryKey: inventoryKey }),
    texts: inventoryTexts,
  }
}


export function SignReport({ reportId, onBack }: { reportId: string; onBack?: () => void }) {
  const qc = useQueryClient()
  const signed = useRef<InventoryReport | null>(null)
  const adapter = useInventorySigningAdapter(reportId, (r) => {
    signed.current = r
  })
  const navigate = useNavigate()
  const done = (d: SignDone) => {
    if (d.first) navigate('/inventory', { replace: true, state: { toast: REPORT_SENT } satisfies ToastState })
    else navigate(`/NewReport?id=${encodeURIComponent(reportId)}&view=preview`, { replace: true })
    if (signed.current) storeSignedReport(qc, signed.current)
  }
  return <SignScreen adapter={adapter} onBack={onBack} onDone={done} />
}
