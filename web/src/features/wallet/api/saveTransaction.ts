// POST /api/wallet/transactions (add) or PUT /api/wallet/transactions/{id}
// (edit, with the revision it was based on), then the invoice: PUT
// .../{id}/invoice as multipart field "file" when one was chosen, DELETE
// .../{id}/invoice when it was removed. An edit answered 409 "changed"
// throws ChangedError with the entry as it now is; saving again then
// replaces that copy (the user has seen it).
import { useEffect, useRef } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, api, notifyUnauthorized, unwrap, type ApiErrorBody } from '../../../lib/api'
import { categoriesKey, transactionKey, walletKey, type Transaction, type TransactionInput } from './keys'

export type SaveVars = { input: TransactionInput; invoice?: File | null; removeInvoice?: boolean }

/** uploadInvoice sends the file (PDF, JPEG or PNG; the server judges it by content). */
export async function uploadInvoice(id: string, file: File): Promise<Transaction> {
  const form = new FormData()
  form.append('file', file, file.name)
  const res = await fetch(`/api/wallet/transactions/${encodeURIComponent(id)}/invoice`, {
    method: 'PUT',
    body: form,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  const body = (await res.json().catch(() => undefined)) as { transaction?: Transaction; error?: ApiErrorBody } | undefined
  if (res.status === 401) notifyUnauthorized()
  if (!res.ok || !body?.transaction) throw new ApiError(res.status, body?.error)
  return body.transaction
}

/** InvoiceError: the entry was saved but its invoice was refused (the form stays to try another file). */
export class InvoiceError extends Error {
  readonly saved: Transaction
  readonly cause: unknown
  constructor(saved: Transaction, cause: unknown) {
    super(cause instanceof Error ? cause.message : 'The invoice was not saved.')
    this.saved = saved
    this.cause = cause
  }
}

/** ChangedError: another change to the entry came first; nothing was saved. */
export class ChangedError extends Error {
  readonly current: Transaction
  constructor(current: Transaction, message: string) {
    super(message)
    this.current = current
  }
}

/** updateTransaction sends an edit based on revision (409 "changed" throws ChangedError). */
export async function updateTransaction(id: string, revision: number, input: TransactionInput): Promise<Transaction> {
  const { data, error, response } = await api.PUT('/api/wallet/transactions/{id}', { params: { path: { id } }, body: { ...input, revision } })
  if (response.ok && data) return data.transaction
  const body = error as { error?: ApiErrorBody; transaction?: Transaction } | undefined
  if (response.status === 409 && body?.error?.code === 'changed' && body.transaction) throw new ChangedError(body.transaction, body.error.message)
  throw new ApiError(response.status, body?.error)
}

/** useSaveTransaction saves the form: revision is the edited entry's as the page read it. */
export function useSaveTransaction(id?: string, revision?: number) {
  const qc = useQueryClient()
  // Once an added entry is created (its invoice refused, say), saving again
  // updates it: the form never creates it twice.
  const created = useRef<string | undefined>(undefined)
  // The revision the next edit is based on: the page's, then each answer's.
  const rev = useRef<number>(revision ?? 0)
  useEffect(() => {
    if (revision !== undefined) rev.current = revision
  }, [revision])
  return useMutation({
    mutationFn: async ({ input, invoice, removeInvoice }: SaveVars): Promise<Transaction> => {
      const target = id ?? created.current
      let saved: Transaction
      try {
        saved = target
          ? await updateTransaction(target, rev.current, input)
          : (await unwrap(api.POST('/api/wallet/transactions', { body: input }))).transaction
      } catch (e) {
        if (e instanceof ChangedError) {
          rev.current = e.current.revision
          qc.setQueryData(transactionKey(e.current.id), e.current)
        }
        throw e
      }
      created.current = saved.id
      rev.current = saved.revision
      qc.setQueryData(transactionKey(saved.id), saved)
      void qc.invalidateQueries({ queryKey: walletKey, predicate: (q) => q.queryKey[1] !== 'one' })
      if (invoice) {
        try {
          const withInvoice = await uploadInvoice(saved.id, invoice)
          rev.current = withInvoice.revision
          qc.setQueryData(transactionKey(saved.id), withInvoice)
          return withInvoice
        } catch (e) {
          throw new InvoiceError(saved, e)
        }
      }
      if (removeInvoice && saved.invoice) {
        const t = (await unwrap(api.DELETE('/api/wallet/transactions/{id}/invoice', { params: { path: { id: saved.id } } }))).transaction
        rev.current = t.revision
        qc.setQueryData(transactionKey(saved.id), t)
        return t
      }
      return saved
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: categoriesKey }),
  })
}
