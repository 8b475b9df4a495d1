// The public frame (spec 1 section 2.1): top navigation, the page, and the
// footer. It also frames the signed-out views of /dashboard (sign-in),
// /register, /resetpassword, /omninews and /listing.
import { Suspense, useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink, Outlet, ScrollRestoration, useLocation } from 'react-router'
import { Mail, Menu, X, Briefcase } from 'lucide-react'
import { Logo } from '../../../components/Logo'
import { Dialog } from '../../../components/Dialog'
import { Spinner } from '../../../components/Spinner'
import { useSiteInfo } from '../../../lib/site'
import { SocialLinks } from '../components/SocialLinks'
import '../public.css'

const NAV_LINKS = [
  { to: '/dashboard', label: 'Reference Check' },
  { to: '/omninews', label: 'News' },
  { to: '/contract-builder', label: 'Contract Builder' },
  { to: '/Blog', label: 'Blog' },
] as const

function TopNav() {
  const [open, setOpen] = useState(false)
  const location = useLocation()
  const panelId = useId()
  const headerRef = useRef<HTMLElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)

  // A new page closes the phone menu.
  useEffect(() => setOpen(false), [location.pathname])

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false)
        buttonRef.current?.focus()
      }
    }
    const onPointer = (e: PointerEvent) => {
      if (headerRef.current && !headerRef.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  return (
    <header className="public-header" ref={headerRef}>
      <div className="public-header__inner">
        <Link to="/" className="public-header__logo" aria-label="OmniRent home">
          <Logo />
        </Link>
        <button
          ref={buttonRef}
          type="button"
          className="icon-button public-header__menu-button"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X aria-hidden size={24} /> : <Menu aria-hidden size={24} />}
        </button>
        <nav id={panelId} className="public-nav" data-open={open} aria-label="Main">
          <ul className="public-nav__list">
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                {/* Not "end": a post under /Blog/{slug} keeps Blog highlighted. */}
                <NavLink to={l.to} className="public-nav__link">
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Link to="/dashboard" className="button public-nav__cta">
            Get Started
          </Link>
        </nav>
      </div>
    </header>
  )
}

function CareersDialog({ open, onClose, email }: { open: boolean; onClose: () => void; email?: string }) {
  return (
    <Dialog open={open} onClose={onClose} title="Careers at OmniRent">
      <div className="careers">
        <p>
          OmniRent is a small team of landlords, renters and engineers building the tools we wished we had when we
          rented and let homes ourselves.
        </p>
        <p>
          <strong>We have no open roles right now.</strong> We still love hearing from people who care about making
          renting fairer and simpler, whether you write code, design products or know the lettings world inside out.
        </p>
        <p>
          Send your CV and a few lines about what you would like to work on to{' '}
          {email ? <a href={`mailto:${email}?subject=${encodeURIComponent('Careers at OmniRent')}`}>{email}</a> : 'our support e-mail address'}
          , and we will keep it on file and get in touch when a role opens.
        </p>
        <div className="careers__actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </Dialog>
  )
}

function Footer() {
  const site = useSiteInfo()
  const [careersOpen, setCareersOpen] = useState(false)
  const email = site.data?.supportEmail
  const year = new Date().getFullYear()
  const dpn = site.data?.dataProtectionNumber

  return (
    <footer className="public-footer">
      <div className="public-footer__inner">
        <div className="public-footer__brand">
          <Link to="/" aria-label="OmniRent home" className="public-footer__logo">
            <Logo light />
          </Link>
          <p>Renting made simple for landlords, tenants and vendors across the UK.</p>
          <SocialLinks className="public-footer__social" />
        </div>

        <div className="public-footer__col">
          <h2 className="public-footer__heading">Contact us</h2>
          <ul>
            <li>
              {email ? (
                <a href={`mailto:${email}`} className="public-footer__contact">
                  <Mail aria-hidden size={18} />
                  <span>{email}</span>
                </a>
              ) : site.isError ? (
                <span>Contact details are unavailable right now.</span>
              ) : (
                <span className="public-footer__muted">Loading contact details…</span>
              )}
            </li>
            <li>We aim to reply within one working day.</li>
            <li>
              <button type="button" className="public-footer__careers" onClick={() => setCareersOpen(true)}>
                <Briefcase aria-hidden size={18} />
                Careers
              </button>
            </li>
          </ul>
        </div>

        <div className="public-footer__col">
          <h2 className="public-footer__heading">Company</h2>
          <ul>
            <li>
              <Link to="/about-us">About us</Link>
            </li>
            <li>
              <Link to="/Blog">Blog</Link>
            </li>
            <li>
              <Link to="/omninews">News</Link>
            </li>
          </ul>
        </div>

        <div className="public-footer__col">
          <h2 className="public-footer__heading">Legal</h2>
          <ul>
            <li>
              <a href="/privacy-policy" target="_blank" rel="noopener">
                Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href="/terms-of-service" target="_blank" rel="noopener">
                Terms of Service<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <Link to="/verify">Verify a signed document</Link>
            </li>
          </ul>
        </div>
      </div>

      <div className="public-footer__bottom">
        <p>
          Data protection registration number:{' '}
          {dpn ? <span>{dpn}</span> : <span className="public-footer__muted">{site.isError ? 'unavailable' : '…'}</span>}{' '}
          (Information Commissioner&apos;s Office)
        </p>
        <p>© {year} OmniRent</p>
      </div>

      <CareersDialog open={careersOpen} onClose={() => setCareersOpen(false)} email={email} />
    </footer>
  )
}

export default function PublicLayout() {
  return (
    <div className="public-layout">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopNav />
      <main id="main" className="public-main" tabIndex={-1}>
        <Suspense
          fallback={
            <div className="page-loading">
              <Spinner />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  )
}
