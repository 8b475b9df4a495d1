// GET /api/admin/blog/posts/{id}.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { adminPostKey } from './keys'

export function useAdminPost(id: string) {
  return useQuery({
    queryKey: adminPostKey(id),
    queryFn: async () => (await unwrap(api.GET('/api/admin/blog/posts/{id}', { params: { path: { id } } }))).post,
    enabled: id !== '',
    retry: false,
  })
}
