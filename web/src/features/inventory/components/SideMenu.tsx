// The OmniScan side menu (spec 3 section 2): Initiate New OmniScan Report and
// the three report lists; the view is kept in the address (?view=...). At
// 1024 px or less a button opens the same menu in a drawer.
import { useState } from 'react'
import { Link } from 'react-router'
import { Menu, X } from 'lucide-react'
import { Modal } from '../../../components/Dialog'
import { useAuth } from '../../../lib/auth'

export type InventoryView = 'initiate' | 'draft' | 'active' | 'completed'

export const VIEW_LABELS: Record<InventoryView, string> = {
  initiate: 'Initiate New OmniScan Report',
  draft: 'Draft OmniScan Reports',
  active: 'Active OmniScan Reports',
  completed: 'Completed OmniScan Reports',
}

const href = (v: InventoryView) => (v === 'initiate' ? '/inventory' : `/inventory?view=${v}`)

/** A tenant sees the reports sent to them; starting a report or a draft is a landlord's or inspector's. */
export const TENANT_VIEWS: InventoryView[] = ['active', 'completed']

function MenuList({ view, onNavigate }: { view: InventoryView; onNavigate?: () => void }) {
  const { user } = useAuth()
  const views = (Object.keys(VIEW_LABELS) as InventoryView[]).filter((v) => user?.userType !== 'Tenant' || TENANT_VIEWS.includes(v))
  return (
    <ul className="inv-menu__list">
      {views.map((v) => (
        <li key={v}>
          <Link to={href(v)} replace={v === 'initiate'} className={`inv-menu__item${v === view ? ' is-active' : ''}`}
            aria-current={v === view ? 'page' : undefined} onClick={onNavigate}>
            {VIEW_LABELS[v]}
          </Link>
        </li>
      ))}
    </ul>
  )
}

export function SideMenu({ view }: { view: InventoryView }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <nav className="inv-menu" aria-label="OmniScan">
        <MenuList view={view} />
      </nav>
      <button type="button" className="button button--outline inv-menu-button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <Menu aria-hidden size={20} /> OmniScan menu
      </button>
      <Modal open={open} onClose={() => setOpen(false)} className="inv-drawer" aria-labelledby="inv-drawer-title">
        <div className="inv-drawer__head">
          <h2 id="inv-drawer-title" className="inv-drawer__title">OmniScan</h2>
          <button type="button" className="icon-button" aria-label="Close the menu" onClick={() => setOpen(false)}>
            <X aria-hidden size={24} />
          </button>
        </div>
        {open ? (
          <nav aria-label="OmniScan reports">
            <MenuList view={view} onNavigate={() => setOpen(false)} />
          </nav>
        ) : null}
      </Modal>
    </>
  )
}
