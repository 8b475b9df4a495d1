// The builder's help (spec 2 section 1: help popups and the legal disclaimer).
export function HelpText() {
  return (
    <div className="cw-help">
      <p>
        Pick one of your properties and answer the questions one screen at a time. Every answer is saved as you go: you can
        close the page and carry on later from the same step.
      </p>
      <p>
        The builder writes the agreement the law requires on the tenancy's start date. In England, tenancies that start on or
        after 1 May 2026 are assured periodic tenancies under the Renters' Rights Act 2025: there is no fixed term, no section 21
        notice and no rent-review clause, and the agreement contains the written statement of terms.
      </p>
      <p>
        Preview the agreement to read it in full. You can change the wording of any section; your changes are kept when you
        change an answer later.
      </p>
      <p>
        <strong>OmniRent is not a law firm and the builder is not legal advice.</strong> Take advice if your situation is unusual.
      </p>
    </div>
  )
}
