// POST /api/inventory/reports/{id}/disputes: a comment (and optionally a
// photo from dispute-photos) on one section of a sent report. The report
// becomes Disputed, so the report, its signing state and the lists are asked
// for again; the creator's own entries are answers, born resolved.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { inventorySigningKey } from './inventorySigning'
import { disputesKey, inventoryKey, reportKey, type InventoryDispute } from './keys'
import type { SectionKey } from '../rules'

export type NewDispute = { section: SectionKey; comment: string; photo?: string }

const call = async (id: string, body: NewDispute) =>
  (await unwrap(api.POST('/api/inventory/reports/{id}/disputes', { params: { path: { id } }, body }))).dispute

export function useAddDispute(reportId: string, options?: MutationOptions<InventoryDispute, NewDispute>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: NewDispute) => call(reportId, body),
    ...options,
    onSuccess: (dispute, ...rest) => {
      qc.setQueryData<InventoryDispute[]>(disputesKey(reportId), (old) => [...(old ?? []).filter((d) => d.id !== dispute.id), dispute])
      void qc.invalidateQueries({ queryKey: reportKey(reportId) })
      void qc.invalidateQueries({ queryKey: inventorySigningKey(reportId) })
      void qc.invalidateQueries({ queryKey: [...inventoryKey, 'list'] })
      return options?.onSuccess?.(dispute, ...rest)
    },
  })
}
