// Add/Edit transaction form per type (spec 3 sections 3 and 5): property,
// category (the spec's list, the landlord's own, Other and Create New with
// 'Specify a category'), description, amount in pounds and pence, date;
// income and expenses add VAT, From / Paid to, tax deductible, invoice and
// frequency; expenses paid or not and recoverable; loans the lender and
// tenure. Missing fields give 'Please fill all the fields'; a refused save
// 'An Error Occured!'.
import { useState, type FormEvent, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { FileText, X } from 'lucide-react'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { useToast } from '../../../components/Toast'
import { errorFields, errorMessage } from '../../../lib/errors'
import { useCategories, useDeleteCategory } from '../api/categories'
import { ChangedError, InvoiceError, useSaveTransaction } from '../api/saveTransaction'
import type { Category, Kind, Transaction } from '../api/keys'
import { tidyPounds } from '../money'
import { formatDate, formatPence } from '../format'
import { DATE_MAX, DATE_MIN } from '../../../lib/dateRange'
import {
  CREATE_NEW,
  DESCRIPTION_MAX,
  FILL_ALL,
  FREQUENCY_LABELS,
  OTHER,
  REQUIRED,
  SAVE_FAILED,
  SERVER_FIELDS,
  SPECIFY,
  TENURES,
  VAT_LABELS,
  needsSpecify,
  toInput,
  walletSchema,
  type WalletField,
  type WalletForm,
} from '../rules'

export const INVOICE_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png'
export const INVOICE_WRONG_TYPE = 'The invoice must be a PDF, JPEG or PNG file.'
export const INVOICE_TOO_LARGE = 'The invoice must be at most 10 MB.'
const INVOICE_MAX = 10 * 1024 * 1024

/** invoiceProblem is a first look at the chosen file (the server judges it by content). */
export function invoiceProblem(f: Pick<File, 'name' | 'type' | 'size'>): string {
  const t = f.type.toLowerCase()
  const ok = t ? ['application/pdf', 'image/jpeg', 'image/png', 'image/jpg', 'image/pjpeg'].includes(t) : /\.(pdf|png|jpe?g)$/i.test(f.name)
  if (!ok) return INVOICE_WRONG_TYPE
  if (f.size > INVOICE_MAX) return INVOICE_TOO_LARGE
  return ''
}

type Props = {
  kind: Kind
  initial: WalletForm
  /** the entry being edited; none to add one. */
  transaction?: Transaction
  properties: Array<{ id: string; label: string }>
  onSaved: (t: Transaction) => void
  onCancel: () => void
}

const id = (f: string) => `wl-${f}`

export function TransactionForm({ kind, initial, transaction, properties, onSaved, onCancel }: Props) {
  const toast = useToast()
  const form = useForm<WalletForm>({ resolver: zodResolver(walletSchema), defaultValues: initial, reValidateMode: 'onSubmit' })
  const { errors } = form.formState
  const save = useSaveTransaction(transaction?.id, transaction?.revision)
  // conflict: another change to the entry came first (another device, its
  // invoice): nothing was saved; the form keeps what the user typed.
  const [conflict, setConflict] = useState<Transaction | null>(null)
  const categories = useCategories()
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState('')
  const [removeInvoice, setRemoveInvoice] = useState(false)

  const category = form.watch('category')
  const vat = form.watch('vat')
  const frequency = form.watch('frequency')
  const recoverable = form.watch('recoverable')
  const partyType = form.watch('partyType')
  const date = form.watch('date')

  const list: Category[] = categories.data?.[kind] ?? []
  const names = list.map((c) => c.name)
  // An entry whose category was deleted since keeps it as a choice.
  if (initial.category && !needsSpecify(initial.category) && categories.data && !names.includes(initial.category)) names.push(initial.category)
  const own = list.filter((c) => c.custom)

  const edited = (key: WalletField) => () => {
    form.clearErrors('root')
    form.clearErrors(key)
  }
  const missing = Object.values(errors).some((e) => e && 'message' in e && e.message === REQUIRED)

  const handle = form.handleSubmit(
    (v) =>
      save.mutate(
        { input: toInput(v), invoice: file, removeInvoice: removeInvoice && !file && !!(conflict ?? transaction)?.invoice },
        {
          onSuccess: onSaved,
          onError: (err) => {
            if (err instanceof ChangedError) {
              setConflict(err.current)
              return
            }
            if (err instanceof InvoiceError) {
              // The entry is saved; only the file was refused.
              setFileError(errorMessage(err.cause))
              toast('warning', 'Saved, but the invoice was not: choose a PDF, JPEG or PNG file and save again.')
              return
            }
            const fields = errorFields(err)
            let first: WalletField | undefined
            for (const [k, msg] of Object.entries(fields)) {
              const f = SERVER_FIELDS[k]
              if (!f) continue
              form.setError(f, { type: 'server', message: msg === FILL_ALL ? REQUIRED : msg })
              first ??= f
            }
            form.setError('root', { message: SAVE_FAILED })
            if (first) form.setFocus(first)
            else if (errorMessage(err) !== SAVE_FAILED) toast('error', errorMessage(err))
          },
        },
      ),
    (errs) => {
      const first = (Object.keys(errs) as WalletField[])[0]
      if (first) form.setFocus(first)
    },
  )
  function submit(e: FormEvent<HTMLFormElement>) {
    if (save.isPending) {
      e.preventDefault()
      return
    }
    void handle(e)
  }

  const input = (f: WalletField, hint?: boolean) => ({
    id: id(f),
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': describedBy(id(f), { hint, error: errors[f]?.message }),
    ...form.register(f, { onChange: edited(f) }),
  })
  const moneyInput = (f: WalletField, hint?: boolean) => {
    const reg = input(f, hint)
    return {
      ...reg,
      type: 'text',
      inputMode: 'decimal' as const,
      autoComplete: 'off',
      placeholder: '0.00',
      onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
        const tidy = tidyPounds(e.target.value)
        if (tidy !== e.target.value) form.setValue(f, tidy)
        return reg.onBlur(e)
      },
    }
  }
  const err = (f: WalletField) => errors[f]?.message

  const partyWord = kind === 'income' ? 'From' : 'Paid to'
  // The invoice as the server last said (a conflict's copy is newer than the page's).
  const current = conflict ?? transaction
  const existing = current?.invoice && !removeInvoice ? current.invoice : null

  return (
    <form className="wl-form" onSubmit={submit} noValidate aria-labelledby="wl-form-title">
      <FormMessage kind="error">{errors.root?.message ?? (missing ? FILL_ALL : '')}</FormMessage>
      {conflict ? <Conflict t={conflict} /> : null}

      <Group title="Details">
        <Field id={id('propertyId')} label="Property" error={err('propertyId')}>
          <select {...input('propertyId')}>
            <option value="">Choose a property</option>
            {properties.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('category')} label="Category" error={err('category')}>
          <select {...input('category')}>
            <option value="">Choose a category</option>
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
            <option value={OTHER}>{OTHER}</option>
            <option value={CREATE_NEW}>{CREATE_NEW}</option>
          </select>
        </Field>
        {needsSpecify(category) ? (
          <Field
            id={id('customCategory')}
            label={SPECIFY}
            error={err('customCategory')}
            hint={category === CREATE_NEW ? 'It is kept in your list for next time.' : undefined}
          >
            <input {...input('customCategory', category === CREATE_NEW)} type="text" maxLength={60} autoComplete="off" />
          </Field>
        ) : null}
        {own.length > 0 ? <OwnCategories kind={kind} own={own} /> : null}
        <Field id={id('description')} label="Description" error={err('description')} hint={`Up to ${DESCRIPTION_MAX.toLocaleString('en-GB')} characters`}>
          <input {...input('description', true)} type="text" autoComplete="off" />
        </Field>
        <div className="wl-form__row">
          <Field id={id('amount')} label="Amount (£)" error={err('amount')} hint="Pounds and pence">
            <div className="wl-money">
              <span aria-hidden="true">£</span>
              <input {...moneyInput('amount', true)} />
            </div>
          </Field>
          <Field id={id('date')} label="Date" error={err('date')}>
            <input {...input('date')} type="date" min={DATE_MIN} max={DATE_MAX} />
          </Field>
        </div>
      </Group>

      {kind === 'loan' ? (
        <Group title="Loan">
          <p className="field-hint wl-form__lead">
            The money borrowed is not an expense and does not lower your profit. Record the interest you pay as an expense in Mortgage and loan
            interest: it is a finance cost.
          </p>
          <Field id={id('lenderName')} label="Lender's name" error={err('lenderName')}>
            <input {...input('lenderName')} type="text" maxLength={120} autoComplete="organization" />
          </Field>
          <Field id={id('tenure')} label="Tenure" error={err('tenure')}>
            <select {...input('tenure')}>
              <option value="">Choose the tenure</option>
              {TENURES.map((y) => (
                <option key={y} value={String(y)}>
                  {y === 1 ? '1 year' : `${y} years`}
                </option>
              ))}
            </select>
          </Field>
        </Group>
      ) : (
        <>
          <Group title="VAT">
            <fieldset className="wl-radios" aria-describedby={vat === 'add' ? undefined : 'wl-vat-hint'}>
              <legend>VAT treatment</legend>
              {(['included', 'add', 'none'] as const).map((v) => (
                <label key={v} className="wl-radio">
                  <input type="radio" value={v} {...form.register('vat', { onChange: edited('vat') })} />
                  {VAT_LABELS[v]}
                </label>
              ))}
            </fieldset>
            {vat === 'add' ? (
              <Field id={id('vatAmount')} label="VAT amount (£)" error={err('vatAmount')} hint="Added on top of the amount">
                <div className="wl-money">
                  <span aria-hidden="true">£</span>
                  <input {...moneyInput('vatAmount', true)} />
                </div>
              </Field>
            ) : (
              <p id="wl-vat-hint" className="field-hint wl-form__note">
                {vat === 'included' ? 'The amount already includes any VAT.' : 'No VAT on this amount.'}
              </p>
            )}
          </Group>

          <Group title={partyWord}>
            <fieldset className="wl-radios">
              <legend>{kind === 'income' ? 'Received from' : 'Paid to'} a</legend>
              {(['vendor', 'tenant'] as const).map((t) => (
                <label key={t} className="wl-radio">
                  <input type="radio" value={t} {...form.register('partyType', { onChange: edited('partyType') })} />
                  {t === 'vendor' ? 'Vendor' : 'Tenant'}
                </label>
              ))}
            </fieldset>
            <div className="wl-form__row">
              <Field id={id('person')} label={partyType === 'tenant' ? "Tenant's name" : 'Person or company'} error={err('person')}>
                <input {...input('person')} type="text" maxLength={120} autoComplete="off" />
              </Field>
              <Field id={id('orderNumber')} label="Order number" error={err('orderNumber')}>
                <input {...input('orderNumber')} type="text" maxLength={60} autoComplete="off" />
              </Field>
            </div>
          </Group>

          <Group title="Repeats">
            <div className="wl-form__row">
              <Field id={id('frequency')} label="Frequency" error={err('frequency')}>
                <select {...input('frequency')}>
                  {(['one-off', 'weekly', 'monthly'] as const).map((f) => (
                    <option key={f} value={f}>
                      {FREQUENCY_LABELS[f]}
                    </option>
                  ))}
                </select>
              </Field>
              {frequency !== 'one-off' ? (
                <Field id={id('endDate')} label="Repeats until (optional)" error={err('endDate')} hint="Empty: until you end it">
                  <input {...input('endDate', true)} type="date" min={date || DATE_MIN} max={DATE_MAX} />
                </Field>
              ) : null}
            </div>
          </Group>

          {kind === 'expense' ? (
            <Group title="Payment">
              <fieldset className="wl-radios">
                <legend>Paid</legend>
                <label className="wl-radio">
                  <input type="radio" value="paid" {...form.register('paid', { onChange: edited('paid') })} />
                  Paid
                </label>
                <label className="wl-radio">
                  <input type="radio" value="unpaid" {...form.register('paid', { onChange: edited('paid') })} />
                  Not paid
                </label>
              </fieldset>
              <div className="terms">
                <input id={id('recoverable')} type="checkbox" {...form.register('recoverable', { onChange: edited('recoverable') })} />
                <label htmlFor={id('recoverable')}>Recoverable: someone owes this back (a tenant for damage, an insurer...)</label>
              </div>
              {recoverable ? (
                <div className="wl-form__row">
                  <Field id={id('debtor')} label="Debtor" error={err('debtor')}>
                    <input {...input('debtor')} type="text" maxLength={120} autoComplete="off" />
                  </Field>
                  <Field id={id('recoverAmount')} label="Recoverable amount (£)" error={err('recoverAmount')}>
                    <div className="wl-money">
                      <span aria-hidden="true">£</span>
                      <input {...moneyInput('recoverAmount')} />
                    </div>
                  </Field>
                </div>
              ) : null}
            </Group>
          ) : null}

          <Group title="Tax and invoice">
            <div className="terms">
              <input id={id('taxDeductible')} type="checkbox" {...form.register('taxDeductible', { onChange: edited('taxDeductible') })} />
              <label htmlFor={id('taxDeductible')}>Tax deductible</label>
            </div>
            <Field
              id="wl-invoice"
              label="Invoice (PDF, JPEG or PNG)"
              error={fileError}
              hint={existing ? `Now: ${existing.name}. Choose a file to replace it.` : 'Optional, up to 10 MB'}
            >
              <input
                id="wl-invoice"
                type="file"
                accept={INVOICE_ACCEPT}
                aria-describedby={describedBy('wl-invoice', { hint: true, error: fileError })}
                aria-invalid={fileError ? true : undefined}
                onChange={(e) => {
                  const f = e.target.files?.[0] ?? null
                  const problem = f ? invoiceProblem(f) : ''
                  setFileError(problem)
                  setFile(problem ? null : f)
                  if (problem) e.target.value = ''
                }}
              />
            </Field>
            {existing ? (
              <p className="wl-invoice-now">
                <FileText aria-hidden size={18} /> {existing.name}
                <button type="button" className="link-button" onClick={() => setRemoveInvoice(true)}>
                  Remove invoice
                </button>
              </p>
            ) : null}
          </Group>
        </>
      )}

      <div className="wl-form__actions">
        <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <ButtonSpinner /> : null}
          {transaction ? 'Save changes' : `Add ${kind === 'income' ? 'Income' : kind === 'expense' ? 'Expense' : 'Loan'}`}
        </button>
        <button type="button" className="button button--outline" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** Conflict says the entry changed elsewhere, shows its current copy and what saving now does. */
function Conflict({ t }: { t: Transaction }) {
  return (
    <div className="wl-conflict" role="alert">
      <p className="wl-conflict__title">
        <strong>Not saved: this entry was changed elsewhere since you opened it.</strong>
      </p>
      <p>It now reads:</p>
      <ul className="wl-conflict__list">
        <li>
          {t.description}, {formatPence(t.amountPence)} on {formatDate(t.date)}
        </li>
        <li>{t.invoice ? `Invoice: ${t.invoice.name}` : 'No invoice'}</li>
      </ul>
      <p>
        Your changes are still in the form below. Save changes to replace it with yours, or Cancel to keep it as it is now.
      </p>
    </div>
  )
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="wl-form__group">
      <h2 className="wl-form__group-title">{title}</h2>
      {children}
    </div>
  )
}

/** OwnCategories lists the landlord's own categories of this kind, each deletable. */
function OwnCategories({ kind, own }: { kind: Kind; own: Category[] }) {
  const del = useDeleteCategory()
  const toast = useToast()
  return (
    <div className="wl-own">
      <p className="wl-own__title" id="wl-own-title">
        Your categories
      </p>
      <ul className="wl-own__list" aria-labelledby="wl-own-title">
        {own.map((c) => (
          <li key={c.name} className="wl-own__chip">
            <span>{c.name}</span>
            <button
              type="button"
              className="wl-own__delete"
              aria-label={`Delete category ${c.name}`}
              disabled={del.isPending}
              onClick={() =>
                del.mutate(
                  { kind, name: c.name },
                  {
                    onSuccess: () => toast('success', `Category ${c.name} deleted`),
                    onError: () => toast('error', SAVE_FAILED),
                  },
                )
              }
            >
              <X aria-hidden size={16} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
