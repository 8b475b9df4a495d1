// The private subscription feed: GET /api/calendar/feed (on or off, its URL),
// POST (turn on, or reset the address), DELETE (turn off).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { feedKey, type Feed } from './keys'

export function useFeed() {
  return useQuery({
    queryKey: feedKey,
    queryFn: async ({ signal }) => await unwrap(api.GET('/api/calendar/feed', { signal })),
    // The address comes only in the answer that makes it (the server keeps
    // its hash): a refetch would replace it with "hidden" while the
    // landlord is copying it. A reload asks again.
    staleTime: Infinity,
  })
}

/** useTurnOnFeed turns the feed on, or gives it a new address (the old one stops working). */
export function useTurnOnFeed(options?: MutationOptions<Feed, void>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async () => await unwrap(api.POST('/api/calendar/feed')),
    ...options,
    onSuccess: (feed, ...rest) => {
      qc.setQueryData(feedKey, feed)
      return options?.onSuccess?.(feed, ...rest)
    },
  })
}

export function useTurnOffFeed(options?: MutationOptions<void, void>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      await unwrap(api.DELETE('/api/calendar/feed'))
    },
    ...options,
    onSuccess: (...args) => {
      qc.setQueryData(feedKey, { enabled: false, url: '' } satisfies Feed)
      return options?.onSuccess?.(...args)
    },
  })
}
