// The wallet's API types and query keys (api/openapi.yaml, "Wallet").
import type { components } from '../../../lib/api-schema'

type S = components['schemas']
export type Kind = S['WalletKind']
export type Period = S['WalletPeriod']
export type FilterParam = S['WalletFilter']
export type Transaction = S['WalletTransaction']
export type Vat = Transaction['vat']
export type Frequency = Transaction['frequency']
export type Party = S['WalletParty']
export type Invoice = S['WalletInvoice']
/** TransactionInput is the form's request body, every field given (the revision an edit was based on is added when sent). */
export type TransactionInput = Required<Omit<S['WalletInput'], 'revision'>>
export type Occurrence = S['WalletOccurrence']
export type Category = S['WalletCategory']
export type Categories = S['WalletCategories']
export type Overdue = S['WalletOverdueRent']
export type Overview = S['WalletOverview']
export type ExpectedRent = S['WalletExpectedRent']
export type PropertiesAnswer = S['WalletPropertyCards']
export type PropertyCard = PropertiesAnswer['properties'][number]
export type TaxBox = S['WalletBoxTotal']
export type TaxYear = S['WalletTaxYear']
export type ListQuery = { from?: string; to?: string; filter?: FilterParam; propertyId?: string; category?: string; box?: string; limit?: number }

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

export const transactionsCsvHref = (q: { from?: string; to?: string; propertyId?: string; filter?: string; category?: string; box?: string }) => `/api/wallet/export/transactions.csv${qs(q)}`
export const taxYearCsvHref = (year: number, propertyId?: string) => `/api/wallet/export/tax-year.csv${qs({ year, propertyId })}`
export const invoicesZipHref = (year: number, propertyId?: string) => `/api/wallet/export/invoices.zip${qs({ year, propertyId })}`
