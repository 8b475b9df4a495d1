// Blog posts: every post, drafts too, most recently changed first, with its
// status and when it was last updated. Edit opens the editor; the trash bin
// deletes after a confirmation. In a narrow box the rows become cards
// (adminBlog.css), so nothing needs sideways scrolling on a phone.
import { useState } from 'react'
import { Link } from 'react-router'
import { ExternalLink, Newspaper, Pencil, Trash2 } from 'lucide-react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { Spinner } from '../../../components/Spinner'
import { FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { blogDate } from '../../blog/format'
import { useAdminPosts } from '../api/adminPosts'
import { useDeletePost } from '../api/deletePost'
import { type AdminBlogPost } from '../api/keys'

export const NO_POSTS = 'No posts yet.'

type Props = {
  /** labelledBy names the table after its section heading. */
  labelledBy: string
  /** notice is a confirmation from the view before (e.g. a post was saved). */
  notice?: string
  /** writeHref and postHref are where "Write a post" and a post's row lead (the admin dashboard's views). */
  writeHref: string
  postHref: (id: string) => string
}

export function BlogPostTable({ labelledBy, notice, writeHref, postHref }: Props) {
  const list = useAdminPosts()
  const remove = useDeletePost()
  const [pending, setPending] = useState<AdminBlogPost | null>(null)
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null)

  function confirmDelete() {
    if (!pending || remove.isPending) return
    remove.mutate(pending, {
      onSuccess: (gone) => setMessage({ kind: 'success', text: `Post "${gone.title}" deleted.` }),
      onError: (e) => setMessage({ kind: 'error', text: errorMessage(e) }),
      onSettled: () => setPending(null),
    })
  }

  const posts = [...(list.data ?? [])].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
  const shown = message ?? (notice ? { kind: 'success' as const, text: notice } : null)
  return (
    <div className="blog-admin">
      {shown ? <FormMessage kind={shown.kind}>{shown.text}</FormMessage> : null}
      {list.isPending ? (
        <div className="promo-loading">
          <Spinner label="Loading posts" />
        </div>
      ) : list.isError ? (
        <FormMessage kind="error">{errorMessage(list.error)}</FormMessage>
      ) : posts.length === 0 ? (
        <div className="promo-empty">
          <Newspaper aria-hidden size={40} />
          <p>{NO_POSTS}</p>
          <Link to={writeHref} className="button">
            Write a post
          </Link>
        </div>
      ) : (
        <div className="blog-admin__box">
          <table className="blog-admin-table" role="table" aria-labelledby={labelledBy}>
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">
                  Title
                </th>
                <th role="columnheader" scope="col">
                  Status
                </th>
                <th role="columnheader" scope="col">
                  Updated
                </th>
                <th role="columnheader" scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {posts.map((p) => (
                <tr key={p.id} role="row" className="blog-admin-row">
                  <td role="cell" className="blog-admin-row__title" data-label="Title">
                    <Link to={postHref(p.id)} className="blog-admin-row__open">
                      {p.title}
                    </Link>
                    <span className="blog-admin-row__slug">/Blog/{p.slug}</span>
                  </td>
                  <td role="cell" data-label="Status">
                    <span className={p.status === 'published' ? 'promo-state promo-state--on' : 'promo-state'}>
                      {p.status === 'published' ? 'Published' : 'Draft'}
                    </span>
                  </td>
                  <td role="cell" data-label="Updated">
                    <time dateTime={p.updatedAt}>{blogDate(p.updatedAt)}</time>
                  </td>
                  <td role="cell" className="blog-admin-row__actions" data-label="Actions">
                    <Link to={postHref(p.id)} className="icon-button" aria-label={`Edit ${p.title}`} title="Edit">
                      <Pencil aria-hidden size={20} />
                    </Link>
                    {p.status === 'published' ? (
                      <Link
                        to={`/Blog/${encodeURIComponent(p.slug)}`}
                        className="icon-button"
                        aria-label={`View ${p.title} on the blog (opens in a new tab)`}
                        title="View on the blog"
                        target="_blank"
                        rel="noopener"
                      >
                        <ExternalLink aria-hidden size={20} />
                      </Link>
                    ) : null}
                    <button
                      type="button"
                      className="icon-button promo-row__trash"
                      aria-label={`Delete ${p.title}`}
                      title="Delete"
                      aria-haspopup="dialog"
                      disabled={remove.isPending && remove.variables?.id === p.id}
                      onClick={() => {
                        setMessage(null)
                        setPending(p)
                      }}
                    >
                      <Trash2 aria-hidden size={20} />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Delete blog post"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirmDelete}
      >
        {pending ? (
          <p>
            Delete the post <strong>{pending.title}</strong>? It disappears from the blog and cannot be brought back.
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  )
}
