// GET /api/listings/{id}: one published listing (or the owner's own).
import { useQuery } from '@tanstack/react-query'
import { api, unwrap, ApiError } from '../../../lib/api'

export const listingDetailKey = (id: string, userId: string | null) => ['listings', 'detail', id, userId] as const

export function useListing(id: string, userId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: listingDetailKey(id, userId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/listings/{id}', { params: { path: { id } }, signal })).then((d) => d.listing),
    enabled,
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
  })
}
