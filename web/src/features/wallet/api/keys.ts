// The wallet's API types and query keys (api/openapi.yaml, "Wallet").
// PROVISIONAL hand types until the contract is final.
export type Kind = 'income' | 'expense' | 'loan'
export type Vat = 'included' | 'add' | 'none'
export type Frequency = 'one-off' | 'weekly' | 'monthly'
export type Party = { type: 'vendor' | 'tenant' | ''; person: string; orderNumber: string }
export type Invoice = { name: string; contentType: string; size: number }
export type Transaction = {
  id: string
  kind: Kind
  propertyId: string
  propertyLabel: string
  category: string
  box: string
  boxLabel: string
  description: string
  amountPence: number
  date: string
  vat: Vat
  vatPence: number
  netPence: number
  grossPence: number
  party: Party
  taxDeductible: boolean
  frequency: Frequency
  endDate: string
  paid: boolean
  recoverable: boolean
  debtor: string
  recoverPence: number
  lenderName: string
  tenureYears: number
  invoice: Invoice | null
  createdAt: string
  updatedAt: string
}
export type TransactionInput = Omit<Transaction, 'id' | 'propertyLabel' | 'box' | 'boxLabel' | 'netPence' | 'grossPence' | 'invoice' | 'createdAt' | 'updatedAt'> & {
  customCategory: string
}
export type Occurrence = { occurrenceDate: string; transaction: Transaction }
export type Category = { name: string; box: string; custom: boolean }
export type Categories = Record<Kind, Category[]>
export type Overdue = { propertyId: string; propertyLabel: string; dueDate: string; amountPence: number; outstandingPence: number; daysOverdue: number }
export type Overview = {
  period: string
  from: string
  to: string
  today: string
  profit: { revenuePence: number; expensesPence: number; profitPence: number }
  financeCostsPence: number
  vatOnIncomePence: number
  loansPence: number
  recoverablePence: number
  unpaidExpensesPence: number
  rent: { paidPence: number; duePence: number; overduePence: number; overdue: Overdue[] }
  months: Array<{ month: string; incomePence: number; expensesPence: number }>
  recent: Occurrence[]
  recentTotal: number
}
export type ExpectedRent = { rentPence: number; rentPeriod: 'weekly' | 'monthly'; firstDueDate: string; endDate: string }
export type PropertyCard = {
  propertyId: string
  propertyLabel: string
  revenuePence: number
  expensesPence: number
  profitPence: number
  rentPaidPence: number
  rentDuePence: number
  rentOverduePence: number
  nextDue: { date: string; amountPence: number } | null
  transactionCount: number
  rentSource: 'agreement' | 'manual' | 'none'
  expectedRent: ExpectedRent | null
}
export type PropertiesAnswer = { period: string; from: string; to: string; properties: PropertyCard[] }
export type TaxCategory = { category: string; totalPence: number; count: number }
export type TaxBox = { box: string; label: string; totalPence: number; categories: TaxCategory[] }
export type TaxYear = {
  year: number
  label: string
  start: string
  end: string
  propertyId: string
  income: TaxBox[]
  incomeTotalPence: number
  expenses: TaxBox[]
  expensesTotalPence: number
  financeCosts: TaxBox & { taxCreditPence: number }
  notAllowable: TaxBox
  loansPence: number
  profitPence: number
  vatOnIncomePence: number
  allowances: { propertyAllowancePence: number; rentARoomPence: number; notes: string[] }
  mtd: { thresholdPence: number; appliesFrom: string; qualifyingIncomePence: number; crosses: boolean; message: string }
  quarters: Array<{ label: string; start: string; end: string; incomePence: number; expensesPence: number }>
  years: number[]
}
export type ListQuery = { from?: string; to?: string; filter?: string; propertyId?: string; category?: string; box?: string; limit?: number }

export const walletKey = ['wallet'] as const
export const overviewKey = (period: string, filter: string) => ['wallet', 'overview', period, filter] as const
export const propertiesKey = (period: string) => ['wallet', 'properties', period] as const
export const categoriesKey = ['wallet', 'categories'] as const
export const transactionKey = (id: string) => ['wallet', 'one', id] as const
export const transactionsKey = (q: ListQuery) => ['wallet', 'list', q] as const
export const taxYearKey = (year: number | undefined, propertyId: string) => ['wallet', 'tax-year', year ?? 'current', propertyId] as const

/** invoiceHref is where the invoice is shown (inline) or, with download, saved. */
export const invoiceHref = (id: string, download = false) => `/api/wallet/transactions/${encodeURIComponent(id)}/invoice${download ? '?download=1' : ''}`

const qs = (q: Record<string, string | number | undefined>) => {
  const p = new URLSearchParams()
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') p.set(k, String(v))
  const s = p.toString()
  return s ? `?${s}` : ''
}

export const transactionsCsvHref = (q: { from?: string; to?: string; propertyId?: string; filter?: string }) => `/api/wallet/export/transactions.csv${qs(q)}`
export const taxYearCsvHref = (year: number, propertyId?: string) => `/api/wallet/export/tax-year.csv${qs({ year, propertyId })}`
export const invoicesZipHref = (year: number, propertyId?: string) => `/api/wallet/export/invoices.zip${qs({ year, propertyId })}`
