// GET /api/blog/posts/{slug}.
import { useQuery } from '@tanstack/react-query'
import { api, ApiError, unwrap } from '../../../lib/api'
import { warmJSON } from '../../../lib/warm'
import { blogPostKey, postURL, type PostResponse } from './keys'

export function useBlogPost(slug: string) {
  return useQuery({
    queryKey: blogPostKey(slug),
    queryFn: async ({ signal }) =>
      ((await warmJSON<PostResponse>(postURL(slug))) ?? (await unwrap(api.GET('/api/blog/posts/{slug}', { params: { path: { slug } }, signal }))))
        .post,
    staleTime: 60_000,
    // An unknown post will not appear by asking again.
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
  })
}
