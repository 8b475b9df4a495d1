// The reference type choice (spec 2 section 2, "Reference-check screens"):
// the Instant Check at £8.99 (struck-through £17.99) with what it covers and
// a sample report; the credit and comprehensive add-ons are coming soon.
import { useState } from 'react'
import { Check, FileSearch } from 'lucide-react'
import { formatPence } from '../../../lib/money'
import { SampleReportDialog } from './SampleReportDialog'
import { CheckScope } from './CheckScope'
import { priceText, useCheckTerms } from '../catalogue'

export const INSTANT_FEATURES = [
  'Income verified from bank data (open banking)',
  'Affordability rating',
  'Spending ratio',
  'Affordability graph',
  'Income sources',
  "Bank account holder's name compared with the renter's",
  'Gambling activity',
  "The renter's own answers: Right to Rent documents, pets, smoking, previous landlord's e-mail (not verified)",
]

export function ReferenceTypeView({ onContinue }: { onContinue: () => void }) {
  const [sample, setSample] = useState(false)
  const { price } = useCheckTerms()
  return (
    <section className="panel ref-type" aria-labelledby="ref-type-title">
      <h2 id="ref-type-title" className="omni-step-title">
        Choose your reference check
      </h2>
      <div className="ref-type__grid">
        <article className="ref-type__card" aria-labelledby="ref-type-instant">
          <div className="ref-type__card-head">
            <h3 id="ref-type-instant">Instant Check</h3>
            <p className="ref-type__price">
              <s>
                <span className="visually-hidden">was </span>
                {priceText(price?.wasPence, formatPence)}
              </s>{' '}
              <strong>
                <span className="visually-hidden">now </span>
                {priceText(price?.pence, formatPence)}
              </strong>{' '}
              <span className="ref-type__per">per renter</span>
            </p>
          </div>
          <p className="ref-type__lead">
            Affordability verified through the renter&apos;s bank by open banking. The report usually arrives within 30 minutes
            of the renter completing the check.
          </p>
          <ul className="ref-type__features" aria-label="The Instant Check includes">
            {INSTANT_FEATURES.map((f) => (
              <li key={f}>
                <Check aria-hidden size={18} />
                {f}
              </li>
            ))}
          </ul>
          <CheckScope headingLevel={4} />
          <button type="button" className="link-button ref-type__sample" onClick={() => setSample(true)}>
            <FileSearch aria-hidden size={18} />
            View a sample report
          </button>
        </article>
        <div className="ref-type__addons">
          <h3 className="ref-type__addons-title">Add-ons</h3>
          <div className="ref-type__addon" aria-disabled="true">
            <p className="ref-type__addon-name">
              + Credit Check <span className="badge">Coming soon</span>
            </p>
            <p className="ref-type__addon-text">Credit history, county court judgments and insolvency records.</p>
          </div>
          <div className="ref-type__addon" aria-disabled="true">
            <p className="ref-type__addon-name">
              + Comprehensive <span className="badge">Coming soon</span>
            </p>
            <p className="ref-type__addon-text">
              Employer and previous-landlord references checked by our team. A comprehensive check takes 2-5 days.
            </p>
          </div>
        </div>
      </div>
      <div className="omni-total">
        <span>Total (incl. VAT)</span>
        <strong>{priceText(price?.pence, formatPence)}</strong>
      </div>
      <div className="omni-actions">
        <button type="button" className="button" onClick={onContinue}>
          CONTINUE
        </button>
      </div>
      <SampleReportDialog open={sample} onClose={() => setSample(false)} />
    </section>
  )
}
