// /terms-of-service: standalone page, no site navigation or footer.
import { LegalPageFrame } from '../public/LegalPageFrame'
import { TermsOfServiceText } from './TermsOfServiceText'

export default function TermsOfServicePage() {
  return (
    <LegalPageFrame title="Terms of Service">
      <TermsOfServiceText />
    </LegalPageFrame>
  )
}
