// The post form (Write a post / Edit post): its values, the schema they pass
// through and the body sent. The server makes the address from the title when
// it is left empty and checks everything; its refusals come back by field.
import * as z from 'zod/mini'
import type { AdminBlogPost, BlogImage, BlogPostRequest } from './api/keys'

/** postSchema describes the form; every rule is the server's, so it only gives the values their shape. */
export const postSchema = z.object({
  title: z.string(),
  slug: z.string(),
  body: z.string(),
  mainImage: z.nullable(z.custom<BlogImage>()),
  authorName: z.string(),
  authorImage: z.nullable(z.custom<BlogImage>()),
  status: z.enum(['draft', 'published']),
})
export type PostForm = z.input<typeof postSchema>

export const POST_FIELDS = ['title', 'slug', 'body', 'mainImage', 'authorName', 'authorImage'] as const
export type PostField = (typeof POST_FIELDS)[number]

export const emptyPost: PostForm = { title: '', slug: '', body: '', mainImage: null, authorName: '', authorImage: null, status: 'draft' }

export function formFromPost(p: AdminBlogPost): PostForm {
  return {
    title: p.title,
    slug: p.slug,
    body: p.body ?? '',
    mainImage: p.mainImage,
    authorName: p.authorName,
    authorImage: p.authorImage,
    status: p.status,
  }
}

export function toPostRequest(f: PostForm): BlogPostRequest {
  return {
    title: f.title.trim(),
    slug: f.slug.trim(),
    body: f.body,
    mainImage: f.mainImage?.name ?? '',
    authorName: f.authorName.trim(),
    authorImage: f.authorImage?.name ?? '',
    status: f.status,
  }
}
