// GET /api/inventory/reports?view=draft|active|completed|clonable[&type=].
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { reportListKey, type ListView } from './keys'

export function useReports(view: ListView, type?: string, enabled = true) {
  return useQuery({
    queryKey: reportListKey(view, type),
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/inventory/reports', { params: { query: { view, ...(type ? { type } : {}) } }, signal }))).reports,
    enabled,
  })
}
