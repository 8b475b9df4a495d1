// GET /api/listings: one page of the public listing search, page after page
// by cursor. The key holds who asks, since 'mine' depends on it.
import { useInfiniteQuery } from '@tanstack/react-query'
import { api, unwrap, ApiError } from '../../../lib/api'
import type { ListingPage, ListingsQuery } from '../format'

export const listingsKey = (userId: string | null, query: ListingsQuery) => ['listings', 'search', userId, query] as const

export function useListings(userId: string | null, query: ListingsQuery, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: listingsKey(userId, query),
    queryFn: ({ pageParam, signal }) =>
      unwrap<ListingPage>(
        api.GET('/api/listings', { params: { query: pageParam ? { ...query, cursor: pageParam } : query }, signal }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
    staleTime: 30_000,
    // A 4xx (unknown place, bad filter) will not get better by asking again.
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
  })
}
