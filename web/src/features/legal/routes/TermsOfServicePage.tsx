// /terms-of-service: standalone page, no site navigation or footer.
import { LegalPageFrame } from '../components/LegalPageFrame'
import { TermsOfServiceText } from '../components/TermsOfServiceText'

export default function TermsOfServicePage() {
  return (
    <LegalPageFrame title="Terms of Service">
      <TermsOfServiceText />
    </LegalPageFrame>
  )
}
