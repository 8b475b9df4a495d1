// GET /api/blog/posts.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { warmJSON } from '../../../lib/warm'
import { blogPostsKey, postsURL, type PostList } from './keys'

export function useBlogPosts() {
  return useQuery({
    queryKey: blogPostsKey,
    queryFn: async ({ signal }) =>
      ((await warmJSON<PostList>(postsURL)) ?? (await unwrap(api.GET('/api/blog/posts', { signal })))).posts ?? [],
    staleTime: 60_000,
  })
}
