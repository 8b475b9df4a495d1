// The admin dashboard's left menu: promo codes (spec 2 section 2: Create New
// Promo Code and All Promo Codes) and the blog (Blog posts, Write a post), one
// navigation each. At 1024 px or less a button opens the same menu in a
// drawer: a modal <dialog>, so focus stays inside, Escape closes it and focus
// goes back to the button.
import { Modal } from '../../../components/Dialog'
import { Link } from 'react-router'
import { FilePenLine, List, Menu, Newspaper, SquarePlus, X } from 'lucide-react'
import type { AdminView } from '../views'
import { viewHref } from '../views'

type Item = { view: AdminView; label: string; Icon: typeof List }

const GROUPS: ReadonlyArray<{ id: string; label: string; items: readonly Item[] }> = [
  {
    id: 'promo',
    label: 'Promo codes',
    items: [
      { view: 'create', label: 'Create New Promo Code', Icon: SquarePlus },
      { view: 'codes', label: 'All Promo Codes', Icon: List },
    ],
  },
  {
    id: 'blog',
    label: 'Blog',
    items: [
      { view: 'posts', label: 'Blog posts', Icon: Newspaper },
      { view: 'write', label: 'Write a post', Icon: FilePenLine },
    ],
  },
]

/** The menu entry lit for a view: an update form belongs to its list. */
function litItem(view: AdminView): AdminView {
  if (view === 'edit') return 'codes'
  if (view === 'post') return 'posts'
  return view
}

type MenuProps = {
  view: AdminView
  onNavigate?: () => void
  /** idPrefix keeps the group headings' ids apart when the drawer shows a second menu. */
  idPrefix?: string
  /** inDrawer: the drawer has its own h2, so the groups are h3 there. */
  inDrawer?: boolean
}

export function AdminMenu({ view, onNavigate, idPrefix = 'admin-menu', inDrawer = false }: MenuProps) {
  const lit = litItem(view)
  const Heading = inDrawer ? 'h3' : 'h2'
  return (
    <div className="admin-menu">
      {GROUPS.map((g) => (
        <nav key={g.id} className="admin-menu__group" aria-labelledby={`${idPrefix}-${g.id}`}>
          <Heading id={`${idPrefix}-${g.id}`} className="admin-menu__heading">
            {g.label}
          </Heading>
          <ul>
            {g.items.map(({ view: v, label, Icon }) => (
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
      ))}
    </div>
  )
}

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
      Admin menu
    </button>
  )
}

export function AdminDrawer({ open, onClose, view }: { open: boolean; onClose: () => void; view: AdminView }) {
  return (
    <Modal open={open} onClose={onClose} id="admin-drawer" className="admin-drawer" aria-labelledby="admin-drawer-title">
      <div className="admin-drawer__head">
        <h2 id="admin-drawer-title" className="admin-drawer__title">
          Admin menu
        </h2>
        <button type="button" className="icon-button" aria-label="Close admin menu" onClick={onClose}>
          <X aria-hidden size={24} />
        </button>
      </div>
      {open ? <AdminMenu view={view} onNavigate={onClose} idPrefix="admin-drawer" inDrawer /> : null}
    </Modal>
  )
}
