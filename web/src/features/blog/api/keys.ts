// The public blog in TanStack Query: ['blog', 'posts'] holds the published
// posts (newest first) and ['blog', 'post', slug] one post with its HTML,
// already sanitised by the server.
import { ApiError } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'

export type BlogPost = components['schemas']['BlogPost']

export type BlogImage = components['schemas']['BlogImage']

export const blogPostsKey = ['blog', 'posts'] as const

export const blogPostKey = (slug: string) => ['blog', 'post', slug] as const

// The URLs the router may have asked early (lib/warm.ts), exactly as the client builds them.
export const postsURL = '/api/blog/posts'

export const postURL = (slug: string) => `/api/blog/posts/${encodeURIComponent(slug)}`

export type PostList = components['schemas']['BlogPostList']

export type PostResponse = components['schemas']['BlogPostResponse']

/** isNotFound tells a post that does not exist (or is not published) from other failures. */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404
}
