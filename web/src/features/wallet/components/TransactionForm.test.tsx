import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { api } from '../../../lib/api'
import { ToastProvider } from '../../../components/Toast'
import { mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'
import { TransactionForm } from './TransactionForm'
import { blankForm, fromTransaction, DESCRIPTION_TOO_LONG, FILL_ALL, SAVE_FAILED } from '../rules'
import { categories, transaction } from '../testData'
import type { Kind, Transaction } from '../api/keys'

beforeAll(polyfillDialog)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const props = [
  { id: 'p1', label: '12 Lavender Hill, London' },
  { id: 'p2', label: '3 Mill Lane, Leeds' },
]

type Sent = { path: string; body: Record<string, unknown> }

function setup(kind: Kind, opts: { edit?: Transaction; answer?: () => ReturnType<typeof reply> } = {}) {
  const sent: Sent[] = []
  const onSaved = vi.fn()
  const answer = (body: Record<string, unknown>) => (opts.answer ? opts.answer() : reply(201, { transaction: { ...transaction, ...body, id: 'new' } }))
  mockApi((path, init) => {
    if (path === '/api/wallet/categories') return reply(200, categories)
    if (path === '/api/wallet/transactions') {
      sent.push({ path, body: init?.body as Record<string, unknown> })
      return answer(init?.body as Record<string, unknown>)
    }
    return reply(404, { error: { code: 'not_found', message: 'Not found' } })
  }, sampleUser)
  const put = vi.spyOn(api, 'PUT').mockImplementation((async (path: string, init?: { body?: unknown; params?: { path?: { id?: string } } }) => {
    sent.push({ path, body: init?.body as Record<string, unknown> })
    return opts.answer ? opts.answer() : reply(200, { transaction: { ...opts.edit, ...(init?.body as object), id: init?.params?.path?.id } })
  }) as never)
  const initial = opts.edit ? fromTransaction(opts.edit) : blankForm(kind, '', '2026-11-20')
  renderPage(
    <ToastProvider>
      <h1 id="wl-form-title">Add</h1>
      <TransactionForm kind={kind} initial={initial} transaction={opts.edit} properties={props} onSaved={onSaved} onCancel={() => {}} />
    </ToastProvider>,
  )
  return { sent, onSaved, put }
}

const submit = (name: RegExp | string) => fireEvent.click(screen.getByRole('button', { name }))

describe('the wallet form (spec 3 sections 3 and 5)', () => {
  it('missing fields give the spec\'s message and nothing is sent', async () => {
    const { sent } = setup('income')
    submit('Add Income')
    expect(await screen.findByText(FILL_ALL)).toBeInTheDocument()
    expect(screen.getByLabelText('Property')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Amount (£)')).toHaveAttribute('aria-invalid', 'true')
    expect(sent).toHaveLength(0)
  })

  it('takes pounds and pence and sends whole pence, with Add VAT and its amount', async () => {
    const user = userEvent.setup()
    const { sent, onSaved } = setup('expense')
    await screen.findByRole('option', { name: 'Insurance' })
    await user.selectOptions(screen.getByLabelText('Property'), 'p2')
    await user.selectOptions(screen.getByLabelText('Category'), 'Maintenance and repairs costs')
    await user.type(screen.getByLabelText('Description'), 'Boiler repair')
    const amount = screen.getByLabelText('Amount (£)')
    await user.type(amount, '1,250.5')
    await user.tab()
    expect(amount).toHaveValue('1250.50')
    // The VAT amount is asked only with Add VAT.
    expect(screen.queryByLabelText('VAT amount (£)')).not.toBeInTheDocument()
    await user.click(screen.getByLabelText('Add VAT'))
    await user.type(screen.getByLabelText('VAT amount (£)'), '250.10')
    await user.click(screen.getByLabelText('Not paid'))
    submit('Add Expense')
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(sent[0].body).toMatchObject({
      kind: 'expense',
      propertyId: 'p2',
      category: 'Maintenance and repairs costs',
      description: 'Boiler repair',
      amountPence: 125050,
      date: '2026-11-20',
      vat: 'add',
      vatPence: 25010,
      paid: false,
      recoverable: false,
      frequency: 'one-off',
    })
  })

  it('refuses VAT added of more than 20% of the amount, as the server does (a penny of rounding allowed)', async () => {
    const user = userEvent.setup()
    const { sent } = setup('expense')
    await screen.findByRole('option', { name: 'Insurance' })
    await user.selectOptions(screen.getByLabelText('Property'), 'p1')
    await user.selectOptions(screen.getByLabelText('Category'), 'Insurance')
    await user.type(screen.getByLabelText('Description'), 'Cover')
    await user.type(screen.getByLabelText('Amount (£)'), '100')
    await user.click(screen.getByLabelText('Add VAT'))
    const vat = screen.getByLabelText('VAT amount (£)')
    await user.type(vat, '9999.99')
    submit('Add Expense')
    expect(await screen.findByText('The VAT cannot be more than 20% of the amount (£20.00 here).')).toBeInTheDocument()
    expect(vat).toHaveAttribute('aria-invalid', 'true')
    await user.clear(vat)
    await user.type(vat, '20.02')
    submit('Add Expense')
    expect(await screen.findByText('The VAT cannot be more than 20% of the amount (£20.00 here).')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    await user.clear(vat)
    await user.type(vat, '20.01')
    submit('Add Expense')
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0].body).toMatchObject({ vat: 'add', amountPence: 10000, vatPence: 2001 })
  })

  it('says a description over 1,000 characters is too long before sending (issue 26)', async () => {
    const { sent } = setup('income')
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'é'.repeat(1001) } })
    submit('Add Income')
    expect(await screen.findByText(DESCRIPTION_TOO_LONG)).toBeInTheDocument()
    expect(screen.getByLabelText('Description')).toHaveValue('é'.repeat(1001)) // nothing cut
    expect(sent).toHaveLength(0)
  })

  it('refuses a negative amount and three decimals', async () => {
    const user = userEvent.setup()
    const { sent } = setup('income')
    const amount = screen.getByLabelText('Amount (£)')
    await user.type(amount, '-5')
    submit('Add Income')
    expect(await screen.findByText('The amount cannot be less than £0.00')).toBeInTheDocument()
    await user.clear(amount)
    await user.type(amount, '1.234')
    submit('Add Income')
    expect(await screen.findByText('Enter pounds and pence, such as 850.00')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
  })

  it("Other or Create New asks to 'Specify a category', sent as the custom category", async () => {
    const user = userEvent.setup()
    const { sent } = setup('income')
    await screen.findByRole('option', { name: 'Rent' })
    expect(screen.queryByLabelText('Specify a category')).not.toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Category'), 'Other')
    expect(screen.getByLabelText('Specify a category')).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Category'), 'Create New')
    await user.selectOptions(screen.getByLabelText('Property'), 'p1')
    await user.type(screen.getByLabelText('Description'), 'Garage let')
    await user.type(screen.getByLabelText('Amount (£)'), '60')
    submit('Add Income')
    expect(await screen.findByText(FILL_ALL)).toBeInTheDocument()
    expect(screen.getByLabelText('Specify a category')).toHaveAttribute('aria-invalid', 'true')
    await user.type(screen.getByLabelText('Specify a category'), 'Garage')
    submit('Add Income')
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0].body).toMatchObject({ category: 'Create New', customCategory: 'Garage', amountPence: 6000 })
  })

  it("lists the landlord's own categories, each deletable", async () => {
    setup('income')
    const own = await screen.findByRole('list', { name: 'Your categories' })
    const del = vi.spyOn(api, 'DELETE').mockResolvedValue(reply(204) as never)
    fireEvent.click(within(own).getByRole('button', { name: 'Delete category Parking' }))
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/wallet/categories/{kind}/{name}', { params: { path: { kind: 'income', name: 'Parking' } } }))
  })

  it('asks for the debtor and the amount only when recoverable, at most the amount paid', async () => {
    const user = userEvent.setup()
    const { sent } = setup('expense')
    await screen.findByRole('option', { name: 'Insurance' })
    expect(screen.queryByLabelText('Debtor')).not.toBeInTheDocument()
    await user.click(screen.getByLabelText(/^Recoverable/))
    expect(screen.getByLabelText('Debtor')).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Property'), 'p1')
    await user.selectOptions(screen.getByLabelText('Category'), 'Insurance')
    await user.type(screen.getByLabelText('Description'), 'Broken window')
    await user.type(screen.getByLabelText('Amount (£)'), '200')
    await user.type(screen.getByLabelText('Recoverable amount (£)'), '250')
    submit('Add Expense')
    expect(await screen.findByText(FILL_ALL)).toBeInTheDocument()
    expect(screen.getByText('The amount to recover cannot be more than the amount paid')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Debtor'), 'Tom Tenant')
    await user.clear(screen.getByLabelText('Recoverable amount (£)'))
    await user.type(screen.getByLabelText('Recoverable amount (£)'), '80')
    submit('Add Expense')
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0].body).toMatchObject({ recoverable: true, debtor: 'Tom Tenant', recoverPence: 8000, amountPence: 20000 })
  })

  it('a loan asks for the lender and a tenure of 1 or 2 years, and no VAT', async () => {
    const user = userEvent.setup()
    const { sent } = setup('loan')
    await screen.findByRole('option', { name: 'Secured' })
    expect(screen.queryByText('VAT treatment')).not.toBeInTheDocument()
    const tenure = screen.getByLabelText('Tenure')
    expect(within(tenure).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose the tenure', '1 year', '2 years'])
    await user.selectOptions(screen.getByLabelText('Property'), 'p1')
    await user.selectOptions(screen.getByLabelText('Category'), 'Secured')
    await user.type(screen.getByLabelText('Description'), 'Roof loan')
    await user.type(screen.getByLabelText('Amount (£)'), '5000')
    submit('Add Loan')
    expect(await screen.findByText(FILL_ALL)).toBeInTheDocument()
    expect(screen.getByLabelText("Lender's name")).toHaveAttribute('aria-invalid', 'true')
    await user.type(screen.getByLabelText("Lender's name"), 'Nationwide')
    await user.selectOptions(tenure, '2')
    submit('Add Loan')
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0].body).toMatchObject({ kind: 'loan', lenderName: 'Nationwide', tenureYears: 2, amountPence: 500000, vat: 'none', frequency: 'one-off' })
  })

  it("a refused save shows 'An Error Occured!' and the server's field text", async () => {
    const user = userEvent.setup()
    setup('income', { answer: () => reply(400, { error: { code: 'invalid', message: FILL_ALL, fields: { propertyId: 'Choose one of your properties.' } } }) })
    await screen.findByRole('option', { name: 'Rent' })
    await user.selectOptions(screen.getByLabelText('Property'), 'p1')
    await user.selectOptions(screen.getByLabelText('Category'), 'Rent')
    await user.type(screen.getByLabelText('Description'), 'Rent')
    await user.type(screen.getByLabelText('Amount (£)'), '1850')
    submit('Add Income')
    expect(await screen.findByText(SAVE_FAILED)).toBeInTheDocument()
    expect(screen.getByText('Choose one of your properties.')).toBeInTheDocument()
  })

  it('an added entry whose invoice was refused is updated, not added again, when saved again', async () => {
    const user = userEvent.setup()
    const { sent, put, onSaved } = setup('expense')
    const uploads: string[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation((async (url: string) => {
      uploads.push(url)
      return uploads.length === 1
        ? new Response(JSON.stringify({ error: { code: 'invalid_file', message: 'The invoice must be a PDF, JPEG or PNG file.' } }), { status: 400 })
        : new Response(JSON.stringify({ transaction: { ...transaction, id: 'new' } }), { status: 200 })
    }) as never)
    await screen.findByRole('option', { name: 'Insurance' })
    await user.selectOptions(screen.getByLabelText('Property'), 'p1')
    await user.selectOptions(screen.getByLabelText('Category'), 'Insurance')
    await user.type(screen.getByLabelText('Description'), 'Buildings cover')
    await user.type(screen.getByLabelText('Amount (£)'), '300')
    const file = new File(['%PDF-1.4'], 'cover.pdf', { type: 'application/pdf' })
    await user.upload(screen.getByLabelText('Invoice (PDF, JPEG or PNG)'), file)
    submit('Add Expense')
    expect(await screen.findByText('The invoice must be a PDF, JPEG or PNG file.')).toBeInTheDocument()
    expect(onSaved).not.toHaveBeenCalled()
    await user.upload(screen.getByLabelText('Invoice (PDF, JPEG or PNG)'), file)
    submit('Add Expense')
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(sent.map((x) => x.path)).toEqual(['/api/wallet/transactions', '/api/wallet/transactions/{id}'])
    expect(put).toHaveBeenCalledWith('/api/wallet/transactions/{id}', expect.objectContaining({ params: { path: { id: 'new' } } }))
    expect(uploads).toEqual(['/api/wallet/transactions/new/invoice', '/api/wallet/transactions/new/invoice'])
  })

  it('edits an entry with its values and sends the update', async () => {
    const user = userEvent.setup()
    const { sent, onSaved } = setup('expense', { edit: transaction })
    expect(screen.getByLabelText('Description')).toHaveValue('Boiler repair')
    expect(screen.getByLabelText('Amount (£)')).toHaveValue('120.00')
    expect(screen.getByLabelText('VAT amount (£)')).toHaveValue('24.00')
    await user.clear(screen.getByLabelText('Description'))
    await user.type(screen.getByLabelText('Description'), 'Boiler repair and service')
    submit('Save changes')
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(sent[0].path).toBe('/api/wallet/transactions/{id}')
    expect(sent[0].body).toMatchObject({ description: 'Boiler repair and service', amountPence: 12000, vatPence: 2400 })
  })
})

describe('an edit when the entry changed elsewhere (issue 24)', () => {
  it('sends the revision it was based on; a 409 shows the current copy, keeps what was typed, and saving again sends the new revision', async () => {
    const user = userEvent.setup()
    const edit = { ...transaction, revision: 3 }
    const current = { ...transaction, revision: 4, description: 'Changed on the phone', invoice: { name: 'invoice-2026-10-01.pdf', contentType: 'application/pdf', size: 2048 } }
    let calls = 0
    const { sent, onSaved } = setup('expense', {
      edit,
      answer: () => {
        calls++
        return calls === 1
          ? reply(409, { error: { code: 'changed', message: 'This entry was changed elsewhere since you opened it.' }, transaction: current })
          : reply(200, { transaction: { ...current, revision: 5 } })
      },
    })
    const desc = screen.getByLabelText('Description')
    await user.clear(desc)
    await user.type(desc, 'Typed on the laptop')
    submit('Save changes')
    const alert = await screen.findByText(/Not saved: this entry was changed elsewhere/)
    const box = alert.closest('[role="alert"]') as HTMLElement
    expect(within(box).getByText(/Changed on the phone/)).toBeInTheDocument()
    expect(within(box).getByText('Invoice: invoice-2026-10-01.pdf')).toBeInTheDocument()
    expect(desc).toHaveValue('Typed on the laptop')
    expect(onSaved).not.toHaveBeenCalled()
    expect(sent[0].body).toMatchObject({ revision: 3, description: 'Typed on the laptop' })
    submit('Save changes')
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(sent[1].body).toMatchObject({ revision: 4, description: 'Typed on the laptop' })
  })
})
