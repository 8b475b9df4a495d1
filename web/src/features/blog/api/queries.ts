// The public blog in TanStack Query: ['blog', 'posts'] holds the published
// posts (newest first) and ['blog', 'post', slug] one post with its HTML,
// already sanitised by the server.
import { useQuery } from '@tanstack/react-query'
import { api, ApiError, unwrap } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'
import { warmJSON } from '../../../lib/warm'

export type BlogPost = components['schemas']['BlogPost']
export type BlogImage = components['schemas']['BlogImage']

export const blogPostsKey = ['blog', 'posts'] as const
export const blogPostKey = (slug: string) => ['blog', 'post', slug] as const

// The URLs the router may have asked early (lib/warm.ts), exactly as the client builds them.
export const postsURL = '/api/blog/posts'
export const postURL = (slug: string) => `/api/blog/posts/${encodeURIComponent(slug)}`

type PostList = components['schemas']['BlogPostList']
type PostResponse = components['schemas']['BlogPostResponse']

export function useBlogPosts() {
  return useQuery({
    queryKey: blogPostsKey,
    queryFn: async ({ signal }) =>
      ((await warmJSON<PostList>(postsURL)) ?? (await unwrap(api.GET('/api/blog/posts', { signal })))).posts ?? [],
    staleTime: 60_000,
  })
}

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

/** isNotFound tells a post that does not exist (or is not published) from other failures. */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404
}
