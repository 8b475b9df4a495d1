// The wallet form's rules (spec 3 sections 3 and 5): the fields of each kind,
// what is required, pounds and pence, and the spec's messages. The server
// checks all of it again; these make the form answer at once.
import { z } from 'zod'
import { parsePounds, penceToPounds } from './money'
import { formatPence } from '../../lib/money'
import type { Frequency, Kind, Transaction, TransactionInput, Vat } from './api/keys'

/** The spec's messages, word for word (including its spelling). */
export const FILL_ALL = 'Please fill all the fields'
export const SAVE_FAILED = 'An Error Occured!'
export const DELETE_QUESTION = 'Are you sure you want to delete this report?'
export const SPECIFY = 'Specify a category'
export const NO_TRANSACTIONS = 'No transactions yet'

/** The field's own note when it is one of the missing ones. */
export const REQUIRED = 'Required'
export const BAD_AMOUNT = 'Enter pounds and pence, such as 850.00'
export const NEGATIVE = 'The amount cannot be less than £0.00'
export const VAT_ZERO = 'Enter the VAT added, more than £0.00'
/**
 * The UK standard rate of VAT, the highest UK rate: VAT added cannot be more than this share of the amount.
 * The server keeps the rate with its source (internal/wallet/data/tax.yaml) and refuses more with the same words.
 */
export const VAT_STANDARD_PERCENT = 20
export const vatTooMuch = (limitPence: number) =>
  `The VAT cannot be more than ${VAT_STANDARD_PERCENT}% of the amount (${formatPence(limitPence)} here).`
/** vatAddedOK: at most the standard rate of the amount, a penny of rounding allowed (as the server checks, in whole pence). */
export const vatAddedOK = (amountPence: number, vatPence: number) => vatPence * 100 <= amountPence * VAT_STANDARD_PERCENT + 100
export const RECOVER_TOO_MUCH = 'The amount to recover cannot be more than the amount paid'
export const END_BEFORE = 'The end date cannot be before the date'
/** The server's limit and message for a description (it refuses, never cuts). */
export const DESCRIPTION_MAX = 1000
export const DESCRIPTION_TOO_LONG = 'The description can be at most 1,000 characters.'

export const OTHER = 'Other'
export const CREATE_NEW = 'Create New'

export const KIND_LABELS: Record<Kind, string> = { income: 'Income', expense: 'Expense', loan: 'Loan' }
export const VAT_LABELS: Record<Vat, string> = { included: 'Included in amount', add: 'Add VAT', none: 'No VAT' }
export const FREQUENCY_LABELS: Record<Frequency, string> = { 'one-off': 'One-off', weekly: 'Weekly', monthly: 'Monthly' }
export const TENURES = [1, 2] as const

export type WalletForm = {
  kind: Kind
  propertyId: string
  category: string
  customCategory: string
  description: string
  amount: string
  date: string
  vat: Vat
  vatAmount: string
  partyType: '' | 'vendor' | 'tenant'
  person: string
  orderNumber: string
  taxDeductible: boolean
  frequency: Frequency
  endDate: string
  paid: 'paid' | 'unpaid'
  recoverable: boolean
  debtor: string
  recoverAmount: string
  lenderName: string
  tenure: string
}

export type WalletField = keyof WalletForm

export function blankForm(kind: Kind, propertyId = '', date = ''): WalletForm {
  return {
    kind,
    propertyId,
    category: '',
    customCategory: '',
    description: '',
    amount: '',
    date,
    vat: 'none',
    vatAmount: '',
    partyType: '',
    person: '',
    orderNumber: '',
    taxDeductible: kind === 'expense',
    frequency: 'one-off',
    endDate: '',
    paid: 'paid',
    recoverable: false,
    debtor: '',
    recoverAmount: '',
    lenderName: '',
    tenure: '',
  }
}

/** needsSpecify: the category is Other or Create New, so 'Specify a category' is asked. */
export const needsSpecify = (category: string) => category === OTHER || category === CREATE_NEW

/** money checks one pounds-and-pence box; required boxes left empty are missing. */
function money(ctx: z.RefinementCtx, path: WalletField, value: string, required: boolean): number | null {
  const v = value.trim()
  if (!v) {
    if (required) ctx.addIssue({ code: 'custom', path: [path], message: REQUIRED })
    return null
  }
  if (/^-/.test(v)) {
    ctx.addIssue({ code: 'custom', path: [path], message: NEGATIVE })
    return null
  }
  const p = parsePounds(v)
  if (p === null) ctx.addIssue({ code: 'custom', path: [path], message: BAD_AMOUNT })
  return p
}

export const walletSchema = z
  .object({
    kind: z.enum(['income', 'expense', 'loan']),
    propertyId: z.string(),
    category: z.string(),
    customCategory: z.string(),
    description: z.string(),
    amount: z.string(),
    date: z.string(),
    vat: z.enum(['included', 'add', 'none']),
    vatAmount: z.string(),
    partyType: z.enum(['', 'vendor', 'tenant']),
    person: z.string(),
    orderNumber: z.string(),
    taxDeductible: z.boolean(),
    frequency: z.enum(['one-off', 'weekly', 'monthly']),
    endDate: z.string(),
    paid: z.enum(['paid', 'unpaid']),
    recoverable: z.boolean(),
    debtor: z.string(),
    recoverAmount: z.string(),
    lenderName: z.string(),
    tenure: z.string(),
  })
  .superRefine((v, ctx) => {
    const need = (path: WalletField, value: string) => {
      if (!value.trim()) ctx.addIssue({ code: 'custom', path: [path], message: REQUIRED })
    }
    need('propertyId', v.propertyId)
    need('category', v.category)
    if (needsSpecify(v.category)) need('customCategory', v.customCategory)
    need('description', v.description)
    // Counted in characters as the server counts them (not UTF-16 units).
    if ([...v.description.trim()].length > DESCRIPTION_MAX) ctx.addIssue({ code: 'custom', path: ['description'], message: DESCRIPTION_TOO_LONG })
    const amount = money(ctx, 'amount', v.amount, true)
    need('date', v.date)
    if (v.kind === 'loan') {
      need('lenderName', v.lenderName)
      need('tenure', v.tenure)
      return
    }
    let gross = amount
    if (v.vat === 'add') {
      const vat = money(ctx, 'vatAmount', v.vatAmount, true)
      if (vat === 0) ctx.addIssue({ code: 'custom', path: ['vatAmount'], message: VAT_ZERO })
      else if (vat !== null && amount !== null && !vatAddedOK(amount, vat)) {
        ctx.addIssue({ code: 'custom', path: ['vatAmount'], message: vatTooMuch(Math.round((amount * VAT_STANDARD_PERCENT) / 100)) })
      }
      if (gross !== null && vat !== null) gross += vat
    }
    if (v.frequency !== 'one-off' && v.endDate && v.date && v.endDate < v.date) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: END_BEFORE })
    }
    if (v.kind === 'expense' && v.recoverable) {
      need('debtor', v.debtor)
      const r = money(ctx, 'recoverAmount', v.recoverAmount, true)
      if (r !== null && gross !== null && r > gross) ctx.addIssue({ code: 'custom', path: ['recoverAmount'], message: RECOVER_TOO_MUCH })
    }
  })

/** toInput turns a valid form into the request body (pence as integers). */
export function toInput(v: WalletForm): TransactionInput {
  const pence = (s: string) => parsePounds(s) ?? 0
  const loan = v.kind === 'loan'
  const expense = v.kind === 'expense'
  return {
    kind: v.kind,
    propertyId: v.propertyId,
    category: v.category,
    customCategory: needsSpecify(v.category) ? v.customCategory.trim() : '',
    description: v.description.trim(),
    amountPence: pence(v.amount),
    date: v.date,
    vat: loan ? 'none' : v.vat,
    vatPence: !loan && v.vat === 'add' ? pence(v.vatAmount) : 0,
    party: loan ? { type: '', person: '', orderNumber: '' } : { type: v.partyType, person: v.person.trim(), orderNumber: v.orderNumber.trim() },
    taxDeductible: loan ? false : v.taxDeductible,
    frequency: loan ? 'one-off' : v.frequency,
    endDate: !loan && v.frequency !== 'one-off' ? v.endDate : '',
    paid: expense ? v.paid === 'paid' : false,
    recoverable: expense && v.recoverable,
    debtor: expense && v.recoverable ? v.debtor.trim() : '',
    recoverPence: expense && v.recoverable ? pence(v.recoverAmount) : 0,
    lenderName: loan ? v.lenderName.trim() : '',
    tenureYears: loan ? Number(v.tenure) || 0 : 0,
  }
}

/** fromTransaction fills the form to edit an entry. */
export function fromTransaction(t: Transaction): WalletForm {
  return {
    kind: t.kind,
    propertyId: t.propertyId,
    category: t.category,
    customCategory: '',
    description: t.description,
    amount: penceToPounds(t.amountPence),
    date: t.date,
    vat: t.vat,
    vatAmount: t.vat === 'add' ? penceToPounds(t.vatPence) : '',
    partyType: t.party?.type ?? '',
    person: t.party?.person ?? '',
    orderNumber: t.party?.orderNumber ?? '',
    taxDeductible: t.taxDeductible,
    frequency: t.frequency,
    endDate: t.endDate ?? '',
    paid: t.paid ? 'paid' : 'unpaid',
    recoverable: t.recoverable,
    debtor: t.debtor,
    recoverAmount: t.recoverable ? penceToPounds(t.recoverPence) : '',
    lenderName: t.lenderName,
    tenure: t.tenureYears ? String(t.tenureYears) : '',
  }
}

/** The server's field names (input keys) mapped to the form's boxes. */
export const SERVER_FIELDS: Record<string, WalletField> = {
  propertyId: 'propertyId',
  category: 'category',
  customCategory: 'customCategory',
  description: 'description',
  amountPence: 'amount',
  date: 'date',
  vat: 'vat',
  vatPence: 'vatAmount',
  'party.type': 'partyType',
  'party.person': 'person',
  'party.orderNumber': 'orderNumber',
  frequency: 'frequency',
  endDate: 'endDate',
  debtor: 'debtor',
  recoverPence: 'recoverAmount',
  lenderName: 'lenderName',
  tenureYears: 'tenure',
}
