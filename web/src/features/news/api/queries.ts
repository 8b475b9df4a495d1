// OmniNews in TanStack Query: ['news', view] holds one view's headlines
// (GET /api/news, public). The server caches them for five minutes, so the
// page does too.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'
import { warmJSON } from '../../../lib/warm'

export type NewsArticle = components['schemas']['NewsArticle']
export type NewsView = components['schemas']['NewsList']['view']

export const newsKey = (view: NewsView) => ['news', view] as const
/** The URL the router may have asked early (lib/warm.ts), exactly as the client builds it. */
export const newsURL = (view: NewsView) => `/api/news?view=${view}`

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

/** The two views of the news menu (spec 3 section 2, News), in menu order. */
export const NEWS_VIEWS: ReadonlyArray<{ view: NewsView; label: string }> = [
  { view: 'uk', label: 'Top Headlines' },
  { view: 'world', label: 'Worldwide Top Headlines' },
]

export function parseNewsView(v: string | null): NewsView {
  return v === 'world' ? 'world' : 'uk'
}
