// PUT /api/inventory/reports/{id}/disputes/{entry}: the entry's author marks
// it resolved or reopens it (403 for anyone else). When every entry is
// resolved the report returns to the status it had: the answer is the report.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { inventorySigningKey } from './inventorySigning'
import { disputesKey, inventoryKey, reportKey, type InventoryDispute, type InventoryReport } from './keys'

export type ResolveDispute = { entry: string; resolved: boolean }

const call = async (id: string, { entry, resolved }: ResolveDispute) =>
  (await unwrap(api.PUT('/api/inventory/reports/{id}/disputes/{entry}', { params: { path: { id, entry } }, body: { resolved } }))).report

export function useResolveDispute(reportId: string, options?: MutationOptions<InventoryReport, ResolveDispute>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (v: ResolveDispute) => call(reportId, v),
    ...options,
    onSuccess: (report, v, ...rest) => {
      qc.setQueryData<InventoryDispute[]>(disputesKey(reportId), (old) => old?.map((d) => (d.id === v.entry ? { ...d, resolved: v.resolved } : d)))
      if (report) qc.setQueryData(reportKey(reportId), report)
      void qc.invalidateQueries({ queryKey: disputesKey(reportId) })
      void qc.invalidateQueries({ queryKey: inventorySigningKey(reportId) })
      void qc.invalidateQueries({ queryKey: [...inventoryKey, 'list'] })
      return options?.onSuccess?.(report, v, ...rest)
    },
  })
}
