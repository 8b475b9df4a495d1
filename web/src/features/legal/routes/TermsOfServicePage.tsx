// /terms-of-service: standalone page, no site navigation or footer.
import { LegalPageFrame } from '../components/LegalPageFrame'
import { LegalText } from '../components/LegalText'

export default function TermsOfServicePage() {
  return (
    <LegalPageFrame title="Terms of Service">
      <LegalText doc="terms" />
    </LegalPageFrame>
  )
}
