// The admin's blog in TanStack Query: ['admin', 'blog-posts'] holds every
// post (drafts too) and ['admin', 'blog-post', id] one post with its
// Markdown. Saving or deleting writes the answer into the list at once, then
// refetches it, and drops the public blog's cache so /Blog shows the change.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'

export type AdminBlogPost = components['schemas']['BlogPost']
export type BlogImage = components['schemas']['BlogImage']
export type BlogPostRequest = components['schemas']['BlogPostRequest']

export const adminPostsKey = ['admin', 'blog-posts'] as const
export const adminPostKey = (id: string) => ['admin', 'blog-post', id] as const

export function useAdminPosts() {
  return useQuery({
    queryKey: adminPostsKey,
    queryFn: async () => (await unwrap(api.GET('/api/admin/blog/posts'))).posts ?? [],
  })
}

export function useAdminPost(id: string) {
  return useQuery({
    queryKey: adminPostKey(id),
    queryFn: async () => (await unwrap(api.GET('/api/admin/blog/posts/{id}', { params: { path: { id } } }))).post,
    enabled: id !== '',
    retry: false,
  })
}

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

/** usePreview turns Markdown into the HTML the post will show (sanitised by the server). */
export function usePreview() {
  return useMutation({
    mutationFn: async (body: string) => (await unwrap(api.POST('/api/admin/blog/preview', { body: { body } }))).html,
  })
}

/** useUploadImage sends one picture as multipart form data (field "file"). */
export function useUploadImage() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData()
      form.append('file', file)
      // openapi-fetch passes FormData through; the browser sets the multipart boundary.
      return (await unwrap(api.POST('/api/admin/blog/images', { body: form as unknown as { file: string } }))).image
    },
  })
}
