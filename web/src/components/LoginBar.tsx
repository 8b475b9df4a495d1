// The "sign in to ..." bar a visitor sees above a public page (listings,
// news): what signing in gives, and Login (and Register, when offered),
// which come back to this page, or to returnTo (a return address that
// carries what the visitor wanted to do, e.g. ?contact=1).
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { LogIn, UserPlus } from 'lucide-react'
import './loginBar.css'

export function LoginBar({
  icon,
  children,
  returnTo,
  register = false,
}: {
  icon: ReactNode
  children: ReactNode
  returnTo?: string
  register?: boolean
}) {
  const location = useLocation()
  const from = returnTo ?? location.pathname + location.search
  return (
    <div className="login-bar">
      <div className="login-bar__inner">
        <p className="login-bar__text">
          {icon}
          {children}
        </p>
        <div className="login-bar__actions">
          {register && (
            <Link to="/register" state={{ from }} className="button button--outline">
              <UserPlus aria-hidden size={18} />
              Register
            </Link>
          )}
          <Link to="/dashboard" state={{ from }} className="button">
            <LogIn aria-hidden size={18} />
            Login
          </Link>
        </div>
      </div>
    </div>
  )
}
