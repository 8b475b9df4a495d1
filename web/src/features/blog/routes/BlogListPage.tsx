// /Blog (spec 1 section 2.1): the published posts, newest first. Each shows
// its date, title, main image as a 320x240 preview and the opening of its
// text, and links to /Blog/{slug}.
import { useEffect } from 'react'
import { Link } from 'react-router'
import { PenLine } from 'lucide-react'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { blogDate, postDay } from '../format'
import { useBlogPosts } from '../api/blogPosts'
import { type BlogPost } from '../api/keys'
import '../../public/public.css'
import '../blog.css'

export const NO_POSTS = 'No posts yet. Please check back soon.'

export default function BlogListPage() {
  const posts = useBlogPosts()

  useEffect(() => {
    const previous = document.title
    document.title = 'Blog: guides for UK landlords and tenants | OmniRent'
    return () => {
      document.title = previous
    }
  }, [])

  const list = posts.data ?? []
  return (
    <div className="blog">
      <header className="blog__head">
        <p className="page-eyebrow">OmniRent blog</p>
        <h1 className="blog__title">Guides for landlords and tenants</h1>
        <p className="blog__lead">Plain-English explainers on the law, deposits, reference checks and moving in.</p>
      </header>
      {posts.isPending ? (
        <div className="blog__status">
          <Spinner label="Loading posts" />
        </div>
      ) : posts.isError ? (
        <div className="blog__empty">
          <p className="form-message form-message--error" role="alert">
            {errorMessage(posts.error)}
          </p>
          <button type="button" className="button button--outline" onClick={() => void posts.refetch()}>
            Try again
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="blog__empty">
          <PenLine aria-hidden size={36} />
          <p role="status">{NO_POSTS}</p>
        </div>
      ) : (
        <ul className="blog-list" aria-label="Posts">
          {list.map((p, i) => (
            <li key={p.id}>
              <BlogListItem post={p} first={i === 0} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** BlogListItem is one post of the list; the title link covers the whole card. */
export function BlogListItem({ post, first = false }: { post: BlogPost; first?: boolean }) {
  const day = postDay(post)
  return (
    <article className="blog-item">
      <div className="blog-item__media">
        {post.mainImage ? (
          <img
            src={post.mainImage.previewUrl}
            alt=""
            width={320}
            height={240}
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : undefined}
            decoding={first ? undefined : 'async'}
          />
        ) : (
          <PenLine aria-hidden size={40} />
        )}
      </div>
      <div className="blog-item__body">
        <time className="blog-item__date" dateTime={day}>
          {blogDate(day)}
        </time>
        <h2 className="blog-item__title">
          <Link to={`/Blog/${encodeURIComponent(post.slug)}`} className="blog-item__link">
            {post.title}
          </Link>
        </h2>
        {post.excerpt ? <p className="blog-item__excerpt">{post.excerpt}</p> : null}
        <span className="blog-item__more" aria-hidden="true">
          Read more
        </span>
      </div>
    </article>
  )
}
