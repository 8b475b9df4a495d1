// GET /api/news.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'
import { warmJSON } from '../../../lib/warm'
import { type NewsView, newsKey, newsURL } from './keys'

export function useNews(view: NewsView) {
  return useQuery({
    queryKey: newsKey(view),
    queryFn: async ({ signal }) =>
      ((await warmJSON<components['schemas']['NewsList']>(newsURL(view))) ??
        (await unwrap(api.GET('/api/news', { params: { query: { view } }, signal }))))
        .articles ?? [],
    staleTime: 5 * 60_000,
  })
}
