// /privacy-policy: standalone page, no site navigation or footer.
import { LegalPageFrame } from '../public/LegalPageFrame'
import { PrivacyPolicyText } from './PrivacyPolicyText'

export default function PrivacyPolicyPage() {
  return (
    <LegalPageFrame title="Privacy Policy">
      <PrivacyPolicyText />
    </LegalPageFrame>
  )
}
