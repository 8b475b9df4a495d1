// Route guards of spec 1 section 2.2. They decide what the browser shows; the
// server checks every permission again on each API call.
import { lazy, Suspense, type ReactNode } from 'react'
import { Link, Navigate, Outlet, useLocation } from 'react-router'
import { useAuth } from '../lib/auth'
import NotFound from '../components/NotFound'
import { Spinner } from '../components/Spinner'
import PublicLayout from '../features/public/routes/PublicLayout'

const ShellLayout = lazy(() => import('./shell/ShellLayout'))

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner />
    </div>
  )
}

/** SessionLayout wraps session-dependent routes: the shell when signed in, the public frame otherwise. */
export function SessionLayout() {
  const { user, loading } = useAuth()
  if (loading) return <PageLoading />
  return <Suspense fallback={<PageLoading />}>{user ? <ShellLayout /> : <PublicLayout />}</Suspense>
}

/** BySession renders one element to signed-in users and another to visitors. */
export function BySession({ signedIn, signedOut }: { signedIn: ReactNode; signedOut: ReactNode }) {
  const { user } = useAuth()
  return <>{user ? signedIn : signedOut}</>
}

/** RequireAuth sends visitors to /dashboard (the sign-in form), remembering where they were going. */
export function RequireAuth() {
  const { user } = useAuth()
  const location = useLocation()
  if (!user) return <Navigate to="/dashboard" replace state={{ from: location.pathname + location.search }} />
  return <Outlet />
}

/** RequireAdmin: /admin exists only for the Admin role. */
export function RequireAdmin() {
  const { user } = useAuth()
  const location = useLocation()
  if (!user) return <Navigate to="/dashboard" replace state={{ from: location.pathname }} />
  if (user.role !== 'Admin') return <NotFound />
  return <Outlet />
}

/** SignedOutOnly: /register and /resetpassword make no sense once signed in. */
export function SignedOutOnly() {
  const { user } = useAuth()
  if (user) return <Navigate to="/dashboard" replace />
  return <Outlet />
}

/**
 * LandlordOnly is what a tenant sees at a landlord's tool: what the page is
 * for, and the way to their own home (never a dead end).
 */
export function LandlordOnly() {
  return (
    <section className="panel landlord-only" aria-labelledby="landlord-only-title">
      <h1 id="landlord-only-title" className="page__title">This page is for landlords</h1>
      <p className="page__lead">
        It is part of the tools landlords use to manage their properties. Your tenancy agreement, your home's certificates,
        inventory reports and reference checks are on your home page.
      </p>
      <p>
        <Link to="/dashboard" className="button">Go to your home</Link>
      </p>
    </section>
  )
}

/** RequireLandlord: tools only landlords have (the wallet, documents); a tenant is shown the way home. */
export function RequireLandlord() {
  const { user } = useAuth()
  const location = useLocation()
  if (!user) return <Navigate to="/dashboard" replace state={{ from: location.pathname + location.search }} />
  if (user.userType !== 'Landlord') return <LandlordOnly />
  return <Outlet />
}
