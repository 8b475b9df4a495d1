// The "sign in to ..." bar a visitor sees above a public page (listings,
// news): what signing in gives, and Login, which comes back to this page.
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { LogIn } from 'lucide-react'
import './loginBar.css'

export function LoginBar({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  const location = useLocation()
  return (
    <div className="login-bar">
      <div className="login-bar__inner">
        <p className="login-bar__text">
          {icon}
          {children}
        </p>
        <Link to="/dashboard" state={{ from: location.pathname + location.search }} className="button">
          <LogIn aria-hidden size={18} />
          Login
        </Link>
      </div>
    </div>
  )
}
