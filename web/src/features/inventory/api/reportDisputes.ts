// GET /api/inventory/reports/{id}/disputes: every entry of every section's
// dispute thread, oldest first (the report's parties only).
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { disputesKey } from './keys'

export function useReportDisputes(id: string, enabled = true) {
  return useQuery({
    queryKey: disputesKey(id),
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/inventory/reports/{id}/disputes', { params: { path: { id } }, signal }))).disputes,
    enabled: !!id && enabled,
  })
}
