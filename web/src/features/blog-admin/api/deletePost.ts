// DELETE /api/admin/blog/posts/{id}.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { type AdminBlogPost, adminPostsKey, adminPostKey } from './keys'

export function useDeletePost() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (post: AdminBlogPost) => {
      await unwrap(api.DELETE('/api/admin/blog/posts/{id}', { params: { path: { id: post.id } } }))
      return post
    },
    onSuccess: (gone) => {
      qc.setQueryData<AdminBlogPost[]>(adminPostsKey, (old) => old?.filter((p) => p.id !== gone.id))
      qc.removeQueries({ queryKey: adminPostKey(gone.id) })
      void qc.invalidateQueries({ queryKey: adminPostsKey })
      void qc.invalidateQueries({ queryKey: ['blog'] })
    },
  })
}
