// GET /api/receipts/{number}: a paid order's VAT receipt, by its receipt
// number (OR-2026-000123); its PDF is GET /api/receipts/{number}/pdf.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'

export type Receipt = components['schemas']['Receipt']

export const receiptKey = (number: string) => ['receipts', number] as const

/** receiptPdfHref is where the receipt's PDF downloads from. */
export const receiptPdfHref = (number: string) => `/api/receipts/${encodeURIComponent(number)}/pdf`

/** receiptHref is the receipt's page (the receipt e-mail links there too). */
export const receiptHref = (number: string) => `/profile/orders/${encodeURIComponent(number)}`

export function useReceipt(number: string) {
  return useQuery({
    queryKey: receiptKey(number),
    queryFn: () => unwrap(api.GET('/api/receipts/{number}', { params: { path: { number } } })),
    retry: false,
  })
}
