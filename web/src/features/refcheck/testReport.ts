// A finished report for the tests: the sandbox bank's salaried persona
// (£2,650 a month) against a rent of £850 for one renter.
import type { AffordabilityReport } from './api/keys'

const months = ['2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10']

export const sampleReport: AffordabilityReport = {
  rating: 'Pass',
  reasons: [
    {
      effect: 'positive',
      text: 'Verified income of £31,800.00 a year is 37.4 times the monthly rent share of £850.00; at least 30 times is needed to pass.',
    },
    { effect: 'positive', text: 'Verified monthly income of £2,650.00 is in line with the £2,650.00 the renter declared.' },
    { effect: 'info', text: 'Regular outgoings of £1,415.69 a month take 53.4% of income.' },
    { effect: 'refer', text: 'The renter did not declare having Right to Rent documents; you must check their right to rent before the tenancy starts.' },
  ],
  periodFrom: '2025-11-01',
  periodTo: '2026-11-01',
  monthsAnalysed: 12,
  declaredMonthlyPence: 265000,
  verifiedMonthlyPence: 265000,
  incomeShortfall: false,
  sources: [{ name: 'Acme Logistics Ltd Salary', category: 'salary', monthlyPence: 265000, payments: 12 }],
  rentSharePence: 85000,
  affordabilityRatio: 37.41176,
  regularOutgoingsPence: 141569,
  spendingRatio: 0.5342,
  gambling: { payments: 0, totalPence: 0, shareOfIncome: 0 },
  accountHolders: ['Riley Renter'],
  nameMatches: true,
  age: 32,
  declaration: { noPets: true, noSmoking: false, rightToRentDocuments: false, previousManagerEmail: 'old.agent@example.com' },
  months: months.map((month, i) => ({ month, incomePence: 265000, outgoingsPence: 141569 + i * 1000 })),
}
