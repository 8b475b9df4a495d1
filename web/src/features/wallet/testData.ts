// Canned wallet answers for the component tests (the shapes of api/openapi.yaml, "Wallet").
import type { Categories, Overview, PropertiesAnswer, Transaction } from './api/keys'

export const categories: Categories = {
  income: [
    { name: 'Rent', box: '20', custom: false },
    { name: 'Utilities', box: '20', custom: false },
    { name: 'Furniture', box: '20', custom: false },
    { name: 'Parking', box: '20', custom: true },
  ],
  expense: [
    { name: 'Maintenance and repairs costs', box: '25', custom: false },
    { name: 'Insurance', box: '24', custom: false },
  ],
  loan: [
    { name: 'Personal', box: 'capital', custom: false },
    { name: 'Secured', box: 'capital', custom: false },
  ],
}

export const properties: PropertiesAnswer = {
  period: '1M',
  from: '2026-10-26',
  to: '2026-11-25',
  properties: [
    {
      propertyId: 'p1',
      propertyLabel: '12 Lavender Hill, London',
      revenuePence: 185000,
      expensesPence: 14400,
      profitPence: 170600,
      rentPaidPence: 185000,
      rentDuePence: 185000,
      rentOverduePence: 185000,
      nextDue: { date: '2026-12-01', amountPence: 185000 },
      transactionCount: 4,
      rentSource: 'agreement',
      expectedRent: null,
    },
    {
      propertyId: 'p2',
      propertyLabel: '3 Mill Lane, Leeds',
      revenuePence: 0,
      expensesPence: 0,
      profitPence: 0,
      rentPaidPence: 0,
      rentDuePence: 0,
      rentOverduePence: 0,
      nextDue: null,
      transactionCount: 0,
      rentSource: 'none',
      expectedRent: null,
    },
  ],
}

export const transaction: Transaction = {
  id: 't1',
  kind: 'expense',
  propertyId: 'p1',
  propertyLabel: '12 Lavender Hill, London',
  category: 'Maintenance and repairs costs',
  box: '25',
  boxLabel: 'Property repairs and maintenance',
  description: 'Boiler repair',
  amountPence: 12000,
  date: '2026-11-03',
  vat: 'add',
  vatPence: 2400,
  netPence: 12000,
  grossPence: 14400,
  party: { type: 'vendor', person: 'Ace Plumbing', orderNumber: 'INV-22' },
  taxDeductible: true,
  frequency: 'one-off',
  endDate: '',
  paid: false,
  recoverable: false,
  debtor: '',
  recoverPence: 0,
  lenderName: '',
  tenureYears: 0,
  invoice: null,
  createdAt: '2026-11-03T10:00:00Z',
  updatedAt: '2026-11-03T10:00:00Z',
  revision: 1,
}

export const rent: Transaction = {
  ...transaction,
  id: 't2',
  kind: 'income',
  category: 'Rent',
  box: '20',
  boxLabel: 'Total rents and other income from property',
  description: 'November rent',
  amountPence: 185000,
  date: '2026-11-01',
  vat: 'none',
  vatPence: 0,
  netPence: 185000,
  grossPence: 185000,
  party: { type: 'tenant', person: 'Tom Tenant', orderNumber: '' },
  frequency: 'monthly',
  paid: false,
}

export function overview(period: Overview['period'] = '1M'): Overview {
  return {
    period,
    from: '2026-10-26',
    to: '2026-11-25',
    today: '2026-11-25',
    profit: { revenuePence: 185000, expensesPence: 14400, profitPence: 170600 },
    financeCostsPence: 0,
    vatOnIncomePence: 0,
    loansPence: 0,
    recoverablePence: 0,
    unpaidExpensesPence: 14400,
    rent: {
      paidPence: 185000,
      duePence: 185000,
      overduePence: 185000,
      overdue: [{ propertyId: 'p1', propertyLabel: '12 Lavender Hill, London', dueDate: '2026-10-01', amountPence: 185000, outstandingPence: 185000, daysOverdue: 55 }],
      paymentsTotal: 1,
      payments: [
        {
          transactionId: 't2',
          propertyId: 'p1',
          propertyLabel: '12 Lavender Hill, London',
          date: '2026-11-01',
          description: 'November rent',
          amountPence: 185000,
          settles: [{ dueDate: '2026-09-01', pence: 185000 }],
          aheadPence: 0,
        },
      ],
      rule: 'Each rent payment settles the oldest rent still owed first, so a payment meant for this month pays an earlier month that is still unpaid before it.',
    },
    months: [
      { month: '2026-10', incomePence: 0, expensesPence: 0 },
      { month: '2026-11', incomePence: 185000, expensesPence: 14400 },
    ],
    recent: [
      { occurrenceDate: '2026-11-03', transaction, scheduled: false },
      { occurrenceDate: '2026-11-01', transaction: rent, scheduled: false },
    ],
    recentTotal: 2,
  }
}

export function taxYear(): import('./api/keys').TaxYear {
  const box = (b: string, label: string, totalPence = 0, cats: Array<[string, number, number]> = []) => ({
    box: b,
    label,
    totalPence,
    categories: cats.map(([category, total, count]) => ({ category, totalPence: total, count })),
  })
  return {
    year: 2026,
    label: '2026-27',
    start: '2026-04-06',
    end: '2027-04-05',
    propertyId: '',
    income: [box('20', 'Total rents and other income from property', 1110000, [['Rent', 1110000, 6]])],
    incomeTotalPence: 1110000,
    expenses: [
      box('24', 'Rent, rates, insurance, ground rents etc.'),
      box('25', 'Property repairs and maintenance', 14400, [['Maintenance and repairs costs', 14400, 1]]),
    ],
    expensesTotalPence: 14400,
    financeCosts: { ...box('44', 'Residential finance costs', 120000, [['Mortgage and loan interest', 120000, 12]]), taxCreditPence: 24000 },
    notAllowable: box('notAllowable', 'Not allowable (capital or not tax deductible)'),
    loansPence: 500000,
    profitPence: 1095600,
    vatOnIncomePence: 0,
    allowances: { propertyAllowancePence: 100000, rentARoomPence: 750000, notes: ['The property allowance is £1,000.00.'] },
    mtd: { thresholdPence: 5000000, appliesFrom: '2026-04-06', qualifyingIncomePence: 1110000, crosses: false, message: 'Not over the threshold.' },
    quarters: [{ label: '6 Apr – 5 Jul', start: '2026-04-06', end: '2026-07-05', incomePence: 555000, expensesPence: 0 }],
    years: [2025, 2026],
    countedTo: '2026-11-26',
    scheduled: { incomePence: 0, expensesPence: 74000, count: 4 },
  }
}
