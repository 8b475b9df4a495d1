// GET /api/inventory/reports/{id}: one report with its data and revision.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { reportKey } from './keys'

export function useReport(id: string | null) {
  return useQuery({
    queryKey: reportKey(id ?? ''),
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/inventory/reports/{id}', { params: { path: { id: id ?? '' } }, signal }))).report,
    enabled: !!id,
    // The editor keeps its own copy (useAutosave); a refetch must not replace it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })
}
