// /Blog/{slug} (spec 1 section 2.1): the main image, the author's picture with
// the brand label, the title and the body; 'Loading...' until the post is
// fetched, and the 404 text for a post that does not exist. The body is HTML
// the server rendered from Markdown and sanitised (no scripts, no event
// handlers, no javascript: links), so it is inserted as it is.
import { useEffect } from 'react'
import { Link, useParams } from 'react-router'
import { ArrowLeft, UserRound } from 'lucide-react'
import { errorMessage } from '../../../lib/errors'
import { blogDate, postDay } from '../format'
import { isNotFound, type BlogPost } from '../api/keys'
import { useBlogPost } from '../api/blogPost'
import '../../public/public.css'
import '../blog.css'
import '../prose.css'

export const LOADING = 'Loading...'
export const NOT_FOUND = '404 Not Found!'

export default function BlogPostPage() {
  const { slug = '' } = useParams()
  const post = useBlogPost(slug)
  const title = post.data?.title

  useEffect(() => {
    if (!title && !post.isError) return
    const previous = document.title
    // The same title the server writes into the page it serves.
    document.title = title ? `${title} | OmniRent blog` : 'Page not found | OmniRent'
    return () => {
      document.title = previous
    }
  }, [title, post.isError])

  if (post.isPending)
    return (
      <div className="blog-post__loading">
        <p role="status">{LOADING}</p>
      </div>
    )
  if (post.isError) {
    if (isNotFound(post.error))
      return (
        <div className="not-found">
          <h1>{NOT_FOUND}</h1>
        </div>
      )
    return (
      <div className="blog__empty blog__empty--page">
        <p className="form-message form-message--error" role="alert">
          {errorMessage(post.error)}
        </p>
        <button type="button" className="button button--outline" onClick={() => void post.refetch()}>
          Try again
        </button>
      </div>
    )
  }
  return <PostView post={post.data} />
}

function PostView({ post }: { post: BlogPost }) {
  const day = postDay(post)
  return (
    <article className="blog-post">
      <Link to="/Blog" className="blog-post__back">
        <ArrowLeft aria-hidden size={18} />
        All posts
      </Link>
      {post.mainImage ? (
        <img
          className="blog-post__image"
          src={post.mainImage.url}
          alt=""
          width={post.mainImage.width}
          height={post.mainImage.height}
          fetchPriority="high"
        />
      ) : null}
      <div className="blog-post__byline">
        {post.authorImage ? (
          <img className="blog-post__avatar" src={post.authorImage.previewUrl} alt="" width={48} height={48} />
        ) : (
          <span className="blog-post__avatar blog-post__avatar--none" aria-hidden="true">
            <UserRound size={26} />
          </span>
        )}
        <div className="blog-post__who">
          <span className="blog-post__author">
            {post.authorName}
            <span className="blog-post__brand">OmniRent</span>
          </span>
          <time dateTime={day}>{blogDate(day)}</time>
        </div>
      </div>
      <h1 className="blog-post__title">{post.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: post.html ?? '' }} />
    </article>
  )
}
