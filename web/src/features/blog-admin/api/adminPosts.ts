// GET /api/admin/blog/posts.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { adminPostsKey } from './keys'

export function useAdminPosts() {
  return useQuery({
    queryKey: adminPostsKey,
    queryFn: async () => (await unwrap(api.GET('/api/admin/blog/posts'))).posts ?? [],
  })
}
