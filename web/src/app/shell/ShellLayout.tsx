// The signed-in shell (spec 1 section 2.2): the left icon menu (a drawer below
// 1024 px), a header with the page title, the help guide and log out, and the
// page itself.
import { useEffect, useState, type ReactNode } from 'react'
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { CircleHelp, LogOut, Menu, X } from 'lucide-react'
import { useAuth } from '../../lib/auth'
import { Logo } from '../../components/Logo'
import { Modal } from '../../components/Dialog'
import { IconMenu } from './IconMenu'
import { WelcomeGuide } from './WelcomeGuide'
import { activeTool } from './tools'
import './ShellLayout.css'

export default function ShellLayout() {
  const { user, signOut } = useAuth()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [helpOpen, setHelpOpen] = useState(false)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [leaving, setLeaving] = useState(false)

  // A new page closes the drawer.
  useEffect(() => setDrawerOpen(false), [pathname])

  const title = (user ? activeTool(pathname, user)?.name : undefined) ?? 'OmniRent'
  useEffect(() => {
    document.title = title === 'OmniRent' ? 'OmniRent' : `${title} | OmniRent`
  }, [title])

  if (!user) return null

  async function logout() {
    if (leaving) return
    setLeaving(true)
    // Leave for the public home page first, committed at once (flushSync):
    // router updates are otherwise transitions, so the sign-out below would
    // render first and the route guard would send the user to /dashboard.
    await navigate('/', { replace: true, flushSync: true })
    try {
      await signOut()
    } catch {
      // The session is forgotten locally either way.
    }
  }

  return (
    <div className="shell">
      <a className="skip-link" href="#shell-content">
        Skip to content
      </a>
      <aside className="shell__rail">
        <IconMenu user={user} variant="rail" />
      </aside>
      <div className="shell__main">
        <header className={title === 'OmniRent' ? 'shell__header' : 'shell__header shell__header--titled'}>
          <button
            type="button"
            className="icon-button shell__menu-button"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            aria-controls="shell-drawer"
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden size={24} />
          </button>
          <Link to="/" className="shell__logo" aria-label="OmniRent home">
            <Logo />
          </Link>
          {title === 'OmniRent' ? null : (
            <>
              <span className="shell__divider" aria-hidden="true" />
              <p className="shell__title">{title}</p>
            </>
          )}
          <div className="shell__actions">
            <button
              type="button"
              className="icon-button"
              aria-label="Help"
              title="Help"
              aria-haspopup="dialog"
              onClick={() => setHelpOpen(true)}
            >
              <CircleHelp aria-hidden size={24} />
            </button>
            <button type="button" className="icon-button" aria-label="Log out" title="Log out" onClick={logout} disabled={leaving}>
              <LogOut aria-hidden size={24} />
            </button>
          </div>
        </header>
        <main id="shell-content" className="shell__content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
        <IconMenu user={user} variant="drawer" onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
      <WelcomeGuide open={helpOpen} onClose={() => setHelpOpen(false)} user={user} />
    </div>
  )
}

/** Drawer is the mobile menu: a modal sliding in from the left. */
function Drawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Modal open={open} onClose={onClose} id="shell-drawer" className="shell-drawer" aria-label="Main menu">
      <div className="shell-drawer__head">
        <Logo />
        <button type="button" className="icon-button" aria-label="Close menu" onClick={onClose}>
          <X aria-hidden size={24} />
        </button>
      </div>
      {children}
    </Modal>
  )
}
