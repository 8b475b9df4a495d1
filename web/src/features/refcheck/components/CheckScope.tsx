// What an Instant Check checks and how, and what the landlord must still do
// themselves (issue 25): the card, the sample report and the real report
// say the same as the report PDF (internal/refcheck Scope).
import '../report.css'

export const RIGHT_TO_RENT_GUIDANCE = 'https://www.gov.uk/government/publications/landlords-guide-to-right-to-rent-checks'

/** notNeededIn: the nation of a property outside England, where no Right to Rent check is needed (issue 46). */
export function CheckScope({ headingLevel = 3, notNeededIn }: { headingLevel?: 2 | 3 | 4; notNeededIn?: string }) {
  const H = `h${headingLevel}` as 'h2' | 'h3' | 'h4'
  return (
    <section className="check-scope" aria-labelledby="check-scope-title">
      <H id="check-scope-title" className="check-scope__title">
        What was checked, and what you must still do
      </H>
      <ul className="check-scope__list">
        <li>
          <strong>Income, outgoings and gambling:</strong> worked out from up to 12 months of the renter&apos;s bank
          transactions, read by open banking with the renter&apos;s consent.
        </li>
        <li>
          <strong>Name:</strong> the bank account holder&apos;s name, as the bank gives it, compared with the name the renter
          gave. This is not an identity check: no identity document is seen.
        </li>
        {notNeededIn ? (
          <>
            <li>
              <strong>Right to Rent: not checked.</strong> What the renter says about their pets, smoking and previous
              property manager is their own declaration and is not verified.
            </li>
            <li>
              <strong>Right to Rent checks apply in England only.</strong> This property is in {notNeededIn}, so the law
              there does not require one (Immigration Act 2014, sections 20 to 37, in force for England only).
            </li>
          </>
        ) : (
          <>
            <li>
              <strong>Right to Rent: not checked.</strong> What the renter says about their Right to Rent documents, pets,
              smoking and previous property manager is their own declaration and is not verified.
            </li>
            <li>
              <strong>You must still check the right to rent</strong> of every adult who will live in the property,
              yourself, before the tenancy starts:{' '}
              <a href={RIGHT_TO_RENT_GUIDANCE} target="_blank" rel="noreferrer">
                the Home Office guide to Right to Rent checks (gov.uk)
              </a>
              .
            </li>
          </>
        )}
      </ul>
    </section>
  )
}
