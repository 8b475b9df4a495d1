// The agreement's sign screen (spec 2, "Preview and signing"): the shared
// sign screen (components/signing) with the agreement's calls and texts. The
// landlord signs first and pays the contract fee; the tenants follow.
import { useQueryClient } from '@tanstack/react-query'
import { SignScreen as SharedSignScreen, type SigningAdapter, type SigningTexts } from '../../../components/signing/SignScreen'
import { useAuth } from '../../../lib/auth'
import { contractOrder } from '../api/contractOrder'
import { sendSigningCode } from '../api/sendSigningCode'
import { signContract } from '../api/signContract'
import { useSigning } from '../api/signing'
import { verifySigningCode } from '../api/verifySigningCode'
import { contractKey, documentKey } from '../api/types'
import { TermFlagsNotice } from './TermFlags'
import '../signing.css'

export { CODE_SENT, CODE_FORMAT, SIGN_WAIT } from '../../../components/signing/SignScreen'

// ---- Exact texts (spec) ----
export const SIGN_EMPTY = 'Please sign the contract'
export const DONE_HEADING = 'Tenancy Agreement Builder'

export const contractTexts: SigningTexts = {
  title: (landlord) => (landlord ? 'Sign and send the agreement' : 'Sign the agreement'),
  backLabel: 'Back to the agreement',
  nothingToSign: 'There is nothing for you to sign on this agreement now.',
  resendLabel: 'Resend code',
  signIntro: (landlord) =>
    landlord
      ? 'Draw, type or upload your signature. Once you sign, the agreement can no longer be changed and is sent to the tenant(s) to sign.'
      : 'Draw, type or upload your signature.',
  submitLabel: (landlord) => (landlord ? 'Sign and Send' : 'Sign'),
  empty: SIGN_EMPTY,
  done: {
    heading: DONE_HEADING,
    text: (completed, landlord) => {
      if (completed) return 'Everyone has signed. The signed agreement will be e-mailed to everyone.'
      if (landlord) return 'Your signature has been added and the agreement has been sent to the tenant(s) to sign.'
      return 'Your signature has been added. We will let you know by e-mail when everyone has signed.'
    },
  },
}

/** useContractSigning is the agreement's adapter for the shared sign screen. */
export function useContractSigning(contractId: string): SigningAdapter {
  const qc = useQueryClient()
  const { user } = useAuth()
  const state = useSigning(contractId)
  return {
    state,
    isFirst: (s) => {
      const me = s.signers.find((x) => x.me)
      return me ? me.role === 'Landlord' : user?.userType !== 'Tenant'
    },
    sendCode: () => sendSigningCode(contractId),
    verifyCode: (code) => verifySigningCode(qc, contractId, code),
    order: () => contractOrder(contractId),
    paid: () => void qc.invalidateQueries({ queryKey: contractKey(contractId) }),
    sign: async (signature) => {
      const r = await signContract(qc, contractId, signature)
      return { message: r.message, completed: r.completed, first: r.contract.mine }
    },
    // The agreement changed after it was shown: its text and state again.
    changed: () => {
      void qc.invalidateQueries({ queryKey: contractKey(contractId) })
      void qc.invalidateQueries({ queryKey: documentKey(contractId) })
    },
    texts: contractTexts,
    notice: <TermFlagsNotice contractId={contractId} />,
  }
}

type Props = {
  contractId: string
  /** onDone leaves the done screen: to the completed list when the agreement is complete, else the awaiting one. */
  onDone: (completed: boolean) => void
  /** onBack returns to the agreement. */
  onBack?: () => void
}

export function SignScreen({ contractId, onDone, onBack }: Props) {
  const adapter = useContractSigning(contractId)
  return <SharedSignScreen adapter={adapter} onBack={onBack} onDone={(d) => onDone(d.completed)} />
}
