// The admin dashboard's views live in the URL, so Back and reloads keep the
// place: promo codes (/admin?view=create, ?view=codes, ?view=edit&id=...)
// and the blog (?view=posts, ?view=write, ?view=post&id=...).
export type AdminView = 'codes' | 'create' | 'edit' | 'posts' | 'write' | 'post'

const VIEWS: readonly AdminView[] = ['codes', 'create', 'edit', 'posts', 'write', 'post']

export function parseView(v: string | null): AdminView {
  return VIEWS.includes(v as AdminView) ? (v as AdminView) : 'codes'
}

/** Views that edit one thing carry its id. */
export function viewHref(view: AdminView, id?: string): string {
  const q = new URLSearchParams({ view })
  if ((view === 'edit' || view === 'post') && id) q.set('id', id)
  return `/admin?${q.toString()}`
}
