// The admin dashboard's left menu (spec 2 section 2): Create New Promo Code
// and All Promo Codes. At 1024 px or less a button opens the same menu in a
// drawer: a modal <dialog>, so focus stays inside, Escape closes it and focus
// goes back to the button.
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { List, Menu, SquarePlus, X } from 'lucide-react'
import type { AdminView } from './views'
import { viewHref } from './views'

const ITEMS = [
  { view: 'create', label: 'Create New Promo Code', Icon: SquarePlus },
  { view: 'codes', label: 'All Promo Codes', Icon: List },
] as const

/** The menu entry lit for a view: the update form belongs to the list. */
function litItem(view: AdminView): 'create' | 'codes' {
  return view === 'create' ? 'create' : 'codes'
}

export function AdminMenu({ view, onNavigate }: { view: AdminView; onNavigate?: () => void }) {
  const lit = litItem(view)
  return (
    <nav className="admin-menu" aria-label="Promo codes">
      <ul>
        {ITEMS.map(({ view: v, label, Icon }) => (
          <li key={v}>
            <Link
              to={viewHref(v)}
              className={lit === v ? 'admin-menu__item admin-menu__item--active' : 'admin-menu__item'}
              aria-current={lit === v ? (view === v ? 'page' : 'true') : undefined}
              onClick={onNavigate}
            >
              <Icon aria-hidden size={20} />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The menu button shown at 1024 px or less, in place of the left menu. */
export function AdminMenuButton({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  return (
    <button
      type="button"
      className="button button--outline admin-menu-button"
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls="admin-drawer"
      onClick={onOpen}
    >
      <Menu aria-hidden size={20} />
      Promo code menu
    </button>
  )
}

export function AdminDrawer({ open, onClose, view }: { open: boolean; onClose: () => void; view: AdminView }) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (open && !d.open) d.showModal?.()
    if (!open && d.open) d.close?.()
  }, [open])
  return (
    <dialog
      ref={ref}
      id="admin-drawer"
      className="admin-drawer"
      aria-labelledby="admin-drawer-title"
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) onClose()
      }}
    >
      <div className="admin-drawer__head">
        <h2 id="admin-drawer-title" className="admin-drawer__title">
          Promo code menu
        </h2>
        <button type="button" className="icon-button" aria-label="Close promo code menu" onClick={onClose}>
          <X aria-hidden size={24} />
        </button>
      </div>
      {open ? <AdminMenu view={view} onNavigate={onClose} /> : null}
    </dialog>
  )
}
