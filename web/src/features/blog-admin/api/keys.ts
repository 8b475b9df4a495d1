// The admin's blog in TanStack Query: ['admin', 'blog-posts'] holds every
// post (drafts too) and ['admin', 'blog-post', id] one post with its
// Markdown. Saving or deleting writes the answer into the list at once, then
// refetches it, and drops the public blog's cache so /Blog shows the change.
import type { components } from '../../../lib/api-schema'

export type AdminBlogPost = components['schemas']['BlogPost']

export type BlogImage = components['schemas']['BlogImage']

export type BlogPostRequest = components['schemas']['BlogPostRequest']

export const adminPostsKey = ['admin', 'blog-posts'] as const

export const adminPostKey = (id: string) => ['admin', 'blog-post', id] as const
