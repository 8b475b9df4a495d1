// The admin dashboard's views live in the URL (/admin?view=create,
// ?view=codes, ?view=edit&id=...), so Back and reloads keep the place.
export type AdminView = 'codes' | 'create' | 'edit'

export function parseView(v: string | null): AdminView {
  return v === 'create' || v === 'edit' ? v : 'codes'
}

export function viewHref(view: AdminView, id?: string): string {
  const q = new URLSearchParams({ view })
  if (view === 'edit' && id) q.set('id', id)
  return `/admin?${q.toString()}`
}
