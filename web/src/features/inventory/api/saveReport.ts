// PUT /api/inventory/reports/{id}/data: the whole data with the revision it
// was based on. A 409 with code "changed" carries the server's current
// report: the caller adopts it and shows the message. Other failures throw
// the app's ApiError (a network failure throws what fetch threw).
import { useMutation } from '@tanstack/react-query'
import { api, ApiError, type ApiErrorBody, type MutationOptions } from '../../../lib/api'
import type { InventoryData, InventoryReport } from './keys'

/** A 'saved' result with a message was saved without photos that had been deleted meanwhile: the page adopts its data. */
export type SaveResult = { kind: 'saved'; report: InventoryReport; message?: string } | { kind: 'conflict'; report: InventoryReport; message: string }

export async function saveReportData(id: string, revision: number, data: InventoryData): Promise<SaveResult> {
  const { data: ok, error, response } = await api.PUT('/api/inventory/reports/{id}/data', { params: { path: { id } }, body: { revision, data } })
  if (response.ok && ok) return ok.message ? { kind: 'saved', report: ok.report, message: ok.message } : { kind: 'saved', report: ok.report }
  const body = error as { error?: ApiErrorBody; report?: InventoryReport } | undefined
  if (response.status === 409 && body?.error?.code === 'changed' && body.report) {
    return { kind: 'conflict', report: body.report, message: body.error.message }
  }
  throw new ApiError(response.status, body?.error)
}

export type SaveVars = { revision: number; data: InventoryData }

export function useSaveReport(id: string, options?: MutationOptions<SaveResult, SaveVars>) {
  return useMutation({ mutationFn: (v: SaveVars) => saveReportData(id, v.revision, v.data), ...options })
}
