// /privacy-policy: standalone page, no site navigation or footer.
import { LegalPageFrame } from '../components/LegalPageFrame'
import { PrivacyPolicyText } from '../components/PrivacyPolicyText'

export default function PrivacyPolicyPage() {
  return (
    <LegalPageFrame title="Privacy Policy">
      <PrivacyPolicyText />
    </LegalPageFrame>
  )
}
