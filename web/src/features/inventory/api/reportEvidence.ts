// GET /api/inventory/reports/{id}/photos, the evidence part: each photo's
// hash, capture and upload times and origin, shown with the photo.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { evidenceKey } from './keys'

export function useReportEvidence(id: string | null) {
  return useQuery({
    queryKey: evidenceKey(id ?? ''),
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/inventory/reports/{id}/photos', { params: { path: { id: id ?? '' } }, signal }))).evidence ?? [],
    enabled: !!id,
  })
}
