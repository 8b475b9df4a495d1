// POST /api/inventory/reports: a new draft for a saved property (from scratch
// or cloned), stamped with the time and, when allowed, the location.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { inventoryKey, reportKey, type InventoryReport } from './keys'

export type NewReport = {
  propertyId: string
  type: string
  cloneFrom?: string | null
  /** fromCheckIn: a signed check-in report a check-out report starts from (its rooms and items, empty conditions). */
  fromCheckIn?: string
  location?: { lat: number; lng: number; accuracy: number } | null
}

const call = async (body: NewReport) => (await unwrap(api.POST('/api/inventory/reports', { body }))).report

export function useCreateReport(options?: MutationOptions<InventoryReport, NewReport>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: call,
    ...options,
    onSuccess: (report, ...rest) => {
      qc.setQueryData(reportKey(report.id), report)
      void qc.invalidateQueries({ queryKey: [...inventoryKey, 'list'] })
      return options?.onSuccess?.(report, ...rest)
    },
  })
}
