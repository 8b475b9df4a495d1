// OmniNews in TanStack Query: ['news', view] holds one view's headlines
// (GET /api/news, public). The server caches them for five minutes, so the
// page does too.
import type { components } from '../../../lib/api-schema'

export type NewsArticle = components['schemas']['NewsArticle']

export type NewsView = components['schemas']['NewsList']['view']

export const newsKey = (view: NewsView) => ['news', view] as const

/** The URL the router may have asked early (lib/warm.ts), exactly as the client builds it. */
export const newsURL = (view: NewsView) => `/api/news?view=${view}`

/** The two views of the news menu (spec 3 section 2, News), in menu order. */
export const NEWS_VIEWS: ReadonlyArray<{ view: NewsView; label: string }> = [
  { view: 'uk', label: 'Top Headlines' },
  { view: 'world', label: 'Worldwide Top Headlines' },
]

export function parseNewsView(v: string | null): NewsView {
  return v === 'world' ? 'world' : 'uk'
}
