// PUT /api/admin/blog/posts/{id}
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { type AdminBlogPost, type BlogPostRequest, adminPostsKey, adminPostKey } from './keys'

/** useSavePost creates a post (no id) or updates the post with that id. */
export function useSavePost(id?: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (body: BlogPostRequest) =>
      id
        ? (await unwrap(api.PUT('/api/admin/blog/posts/{id}', { params: { path: { id } }, body }))).post
        : (await unwrap(api.POST('/api/admin/blog/posts', { body }))).post,
    onSuccess: (saved) => {
      qc.setQueryData<AdminBlogPost[]>(adminPostsKey, (old) =>
        !old ? old : [saved, ...old.filter((p) => p.id !== saved.id)],
      )
      qc.setQueryData(adminPostKey(saved.id), saved)
      void qc.invalidateQueries({ queryKey: adminPostsKey })
      void qc.invalidateQueries({ queryKey: ['blog'] })
    },
  })
}
