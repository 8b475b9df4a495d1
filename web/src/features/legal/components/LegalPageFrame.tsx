// Shared frame of the standalone legal pages (spec 1 section 2.1): title, text
// and a close icon that closes the window, or goes home when the window was
// not opened by a script or link and so cannot be closed.
import { useEffect, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { X } from 'lucide-react'
import { Logo } from '../../../components/Logo'
import '../legal.css'

export function LegalPageFrame({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate()

  useEffect(() => {
    const previous = document.title
    document.title = `${title} | OmniRent`
    return () => {
      document.title = previous
    }
  }, [title])

  function close() {
    window.close()
    // Browsers ignore close() for windows the user opened themselves; then go home.
    window.setTimeout(() => {
      if (!window.closed) navigate('/')
    }, 150)
  }

  return (
    <div className="legal-page">
      <div className="legal-page__bar">
        <div className="legal-page__bar-inner">
          <Link to="/" aria-label="OmniRent home" style={{ textDecoration: 'none' }}>
            <Logo />
          </Link>
          <button type="button" className="icon-button legal-page__close" aria-label="Close" onClick={close}>
            <X aria-hidden size={26} />
          </button>
        </div>
      </div>
      <main className="legal-page__sheet">
        <h1 className="legal-page__title">{title}</h1>
        {children}
      </main>
    </div>
  )
}
