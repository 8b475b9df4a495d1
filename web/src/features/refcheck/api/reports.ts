// GET /api/reference-reports.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { type ReportStatus, reportsKey } from './keys'

export function useReports(status: ReportStatus) {
  return useQuery({
    queryKey: reportsKey(status),
    queryFn: async () => (await unwrap(api.GET('/api/reference-reports', { params: { query: { status } } }))).reports ?? [],
  })
}
