// How the wallet counts, and where it knowingly differs from the spec
// (issue 18 section 2): said on the page, so a landlord can check it.
export function AccountingHelp() {
  return (
    <details className="wl-help">
      <summary>How the wallet counts</summary>
      <ul>
        <li>
          <strong>Periods</strong> are true calendar periods ending today: 1M is from the same date last month, 3M three months back, 1Y and 3Y
          whole years back. (An older design counted 31, 93, 365 and 1,095 days, which drifts around month ends and leap years.)
        </li>
        <li>
          <strong>Loans</strong>: the money borrowed is not an expense and repaying it is not one either, so a loan does not lower your profit
          (the original design counted loans as expenses). Loan and mortgage <em>interest</em> is a residential finance cost: HMRC gives a 20% tax
          credit for it instead of a deduction, so the tax year shows it apart.
        </li>
        <li>
          <strong>VAT</strong>: VAT you add on income is owed to HMRC, so it is not profit. VAT added on an expense is a cost to you: the wallet
          assumes you are not VAT-registered and cannot reclaim it.
        </li>
        <li>
          <strong>Repeating entries</strong> (weekly or monthly) count once in each period they fall in, until their end date.
        </li>
        <li>
          <strong>Rent due and overdue</strong> come from the property's tenancy agreement (rent, rent period and first payment date), or from the
          expected rent you set on the Properties page. A due date with no Rent income recorded for that property by then is overdue.
        </li>
      </ul>
      <p className="wl-muted">This is bookkeeping help, not tax advice.</p>
    </details>
  )
}
