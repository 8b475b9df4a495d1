// POST /api/inventory/reports/{id}/reopen: the creator's 'Edit Report' on a
// sent report (after a dispute): it becomes a draft again, to be signed
// and sent again.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { inventoryKey, reportKey, type InventoryReport } from './keys'

const call = async (id: string) => (await unwrap(api.POST('/api/inventory/reports/{id}/reopen', { params: { path: { id } } }))).report

export function useReopenReport(id: string, options?: MutationOptions<InventoryReport, void>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => call(id),
    ...options,
    onSuccess: (report, ...rest) => {
      qc.setQueryData(reportKey(id), report)
      void qc.invalidateQueries({ queryKey: [...inventoryKey, 'list'] })
      void qc.invalidateQueries({ queryKey: ['inventory', 'signing', id] })
      return options?.onSuccess?.(report, ...rest)
    },
  })
}
