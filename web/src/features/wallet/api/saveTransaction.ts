// POST /api/wallet/transactions (add) or PUT /api/wallet/transactions/{id}
// (edit), then the invoice: PUT .../{id}/invoice as multipart field "file"
// when one was chosen, DELETE .../{id}/invoice when it was removed.
import { useRef } from 'react'
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

export function useSaveTransaction(id?: string) {
  const qc = useQueryClient()
  // Once an added entry is created (its invoice refused, say), saving again
  // updates it: the form never creates it twice.
  const created = useRef<string | undefined>(undefined)
  return useMutation({
    mutationFn: async ({ input, invoice, removeInvoice }: SaveVars): Promise<Transaction> => {
      const target = id ?? created.current
      const saved = target
        ? (await unwrap(api.PUT('/api/wallet/transactions/{id}', { params: { path: { id: target } }, body: input }))).transaction
        : (await unwrap(api.POST('/api/wallet/transactions', { body: input }))).transaction
      created.current = saved.id
      qc.setQueryData(transactionKey(saved.id), saved)
      void qc.invalidateQueries({ queryKey: walletKey, predicate: (q) => q.queryKey[1] !== 'one' })
      if (invoice) {
        try {
          const withInvoice = await uploadInvoice(saved.id, invoice)
          qc.setQueryData(transactionKey(saved.id), withInvoice)
          return withInvoice
        } catch (e) {
          throw new InvoiceError(saved, e)
        }
      }
      if (removeInvoice && saved.invoice) {
        const t = (await unwrap(api.DELETE('/api/wallet/transactions/{id}/invoice', { params: { path: { id: saved.id } } }))).transaction
        qc.setQueryData(transactionKey(saved.id), t)
        return t
      }
      return saved
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: categoriesKey }),
  })
}
