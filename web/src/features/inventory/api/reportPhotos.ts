// GET /api/inventory/reports/{id}/photos: the photos uploaded to a report,
// by name (the data refers to them by name; they are shown from url/thumbUrl).
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { photosKey } from './keys'

export function useReportPhotos(id: string | null) {
  return useQuery({
    queryKey: photosKey(id ?? ''),
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/inventory/reports/{id}/photos', { params: { path: { id: id ?? '' } }, signal }))).photos ?? [],
    enabled: !!id,
  })
}
