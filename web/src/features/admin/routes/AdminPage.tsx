// /admin (Admin role only; the server checks every call again): the user
// counts, then promo-code management (spec 2 sections 2, 5 and 8) and the
// blog's posts, with a left menu, a drawer at 1024 px or less. The view is in
// the URL (views.ts).
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { Spinner } from '../../../components/Spinner'
import { FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { AdminDrawer, AdminMenu, AdminMenuButton } from '../components/AdminMenu'
import { BlogPostEditor, emptyPost, formFromPost } from '../../blog-admin/components/BlogPostEditor'
import { BlogPostTable } from '../../blog-admin/components/BlogPostTable'
import { useAdminPost } from '../../blog-admin/api/adminPost'
import { type AdminBlogPost } from '../../blog-admin/api/keys'
import { UserOverview } from '../components/Overview'
import { PromoCodeForm } from '../../promo-admin/components/PromoCodeForm'
import { LIST_ERROR, PromoCodeTable } from '../../promo-admin/components/PromoCodeTable'
import { emptyPromoForm, formFromCode } from '../../promo-admin/promoRules'
import { usePromoCodes } from '../../promo-admin/api/promoCodes'
import { type PromoCode } from '../../promo-admin/api/keys'
import { parseView, viewHref } from '../views'
import { isNotFound } from '../../blog/api/keys'
import '../../../app/shell/pages.css'
import '../admin.css'
import '../../blog-admin/blogAdmin.css'

const TITLE_ID = 'admin-view-title'

export default function AdminPage() {
  const [params] = useSearchParams()
  const view = parseView(params.get('view'))
  const id = params.get('id') ?? ''
  const navigate = useNavigate()
  const location = useLocation()
  const notice = (location.state as { notice?: string } | null)?.notice
  const [drawerOpen, setDrawerOpen] = useState(false)

  // A new view closes the drawer and takes the focus to its heading, as a
  // new page would (not on the first visit, where the page starts at the top).
  const first = useRef(true)
  useEffect(() => {
    setDrawerOpen(false)
    if (first.current) {
      first.current = false
      return
    }
    document.getElementById(TITLE_ID)?.focus()
  }, [view, id])

  const toList = (text?: string) => navigate(viewHref('codes'), { replace: true, state: text ? { notice: text } : null })
  const toPosts = (p: AdminBlogPost) =>
    navigate(viewHref('posts'), {
      replace: true,
      state: { notice: `Post "${p.title}" saved${p.status === 'published' ? ' and published' : ' as a draft'}.` },
    })

  return (
    <div className="page admin">
      <h1 className="page__title">Admin dashboard</h1>
      <UserOverview />
      <div className="admin-layout">
        <aside className="admin-layout__menu">
          <AdminMenu view={view} />
        </aside>
        <div className="admin-layout__body">
          <AdminMenuButton open={drawerOpen} onOpen={() => setDrawerOpen(true)} />
          {view === 'create' ? (
            <section className="admin-card" aria-labelledby={TITLE_ID}>
              <ViewTitle>Create New Promo Code</ViewTitle>
              <PromoCodeForm
                key="new"
                initial={emptyPromoForm}
                submitLabel="Create Promo Code"
                labelledBy={TITLE_ID}
                onSaved={(c) => toList(`Promo code ${c.code} created.`)}
              />
            </section>
          ) : view === 'edit' ? (
            <section className="admin-card" aria-labelledby={TITLE_ID}>
              <ViewTitle>Update Promo Code</ViewTitle>
              <UpdateView id={id} onSaved={(c) => toList(`Promo code ${c.code} updated.`)} onCancel={() => navigate(viewHref('codes'))} />
            </section>
          ) : view === 'posts' ? (
            <section className="admin-card" aria-labelledby={TITLE_ID}>
              <ViewTitle>Blog posts</ViewTitle>
              <BlogPostTable labelledBy={TITLE_ID} notice={notice} writeHref={viewHref('write')} postHref={(id) => viewHref('post', id)} />
            </section>
          ) : view === 'write' ? (
            <section className="admin-card" aria-labelledby={TITLE_ID}>
              <ViewTitle>Write a post</ViewTitle>
              <BlogPostEditor key="new" initial={emptyPost} labelledBy={TITLE_ID} onSaved={toPosts} />
            </section>
          ) : view === 'post' ? (
            <section className="admin-card" aria-labelledby={TITLE_ID}>
              <ViewTitle>Edit post</ViewTitle>
              <EditPostView id={id} onSaved={toPosts} onCancel={() => navigate(viewHref('posts'))} />
            </section>
          ) : (
            <section className="admin-card" aria-labelledby={TITLE_ID}>
              <ViewTitle>All Promo Codes</ViewTitle>
              <PromoCodeTable labelledBy={TITLE_ID} notice={notice} onOpen={(c) => navigate(viewHref('edit', c.id))} />
            </section>
          )}
        </div>
      </div>
      <AdminDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} view={view} />
    </div>
  )
}

function ViewTitle({ children }: { children: string }) {
  return (
    <h2 id={TITLE_ID} className="admin-card__title" tabIndex={-1}>
      {children}
    </h2>
  )
}

function UpdateView({ id, onSaved, onCancel }: { id: string; onSaved: (c: PromoCode) => void; onCancel: () => void }) {
  const list = usePromoCodes()
  if (list.isPending)
    return (
      <div className="promo-loading">
        <Spinner label="Loading the promo code" />
      </div>
    )
  if (list.isError) return <FormMessage kind="error">{LIST_ERROR}</FormMessage>
  const code = list.data.find((c) => c.id === id)
  if (!code)
    return (
      <>
        <FormMessage kind="error">Promo code not found.</FormMessage>
        <Link to={viewHref('codes')}>Back to All Promo Codes</Link>
      </>
    )
  return (
    <PromoCodeForm
      key={code.id}
      id={code.id}
      initial={formFromCode(code)}
      submitLabel="Update Promo Code"
      labelledBy={TITLE_ID}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  )
}

function EditPostView({ id, onSaved, onCancel }: { id: string; onSaved: (p: AdminBlogPost) => void; onCancel: () => void }) {
  const post = useAdminPost(id)
  if (id !== '' && post.isPending)
    return (
      <div className="promo-loading">
        <Spinner label="Loading the post" />
      </div>
    )
  if (id === '' || (post.isError && isNotFound(post.error)))
    return (
      <>
        <FormMessage kind="error">Post not found.</FormMessage>
        <Link to={viewHref('posts')}>Back to Blog posts</Link>
      </>
    )
  if (post.isError) return <FormMessage kind="error">{errorMessage(post.error)}</FormMessage>
  const p = post.data!
  return (
    <BlogPostEditor
      key={p.id}
      id={p.id}
      initial={formFromPost(p)}
      labelledBy={TITLE_ID}
      onSaved={onSaved}
      onCancel={onCancel}
      publicSlug={p.status === 'published' ? p.slug : undefined}
    />
  )
}
