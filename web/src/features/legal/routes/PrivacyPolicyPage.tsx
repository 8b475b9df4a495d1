// /privacy-policy: standalone page, no site navigation or footer.
import { LegalPageFrame } from '../components/LegalPageFrame'
import { LegalText } from '../components/LegalText'

export default function PrivacyPolicyPage() {
  return (
    <LegalPageFrame title="Privacy Policy">
      <LegalText doc="privacy" />
    </LegalPageFrame>
  )
}
