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
    },
    months: [
      { month: '2026-10', incomePence: 0, expensesPence: 0 },
      { month: '2026-11', incomePence: 185000, expensesPence: 14400 },
    ],
    recent: [
      { occurrenceDate: '2026-11-03', transaction },
      { occurrenceDate: '2026-11-01', transaction: rent },
    ],
    recentTotal: 2,
  }
}
