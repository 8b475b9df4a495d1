// /dashboard when signed in (spec 1 section 2.2): a landlord without a rental
// address gets the onboarding page; landlords with properties get OmniCheck,
// the reference-check dashboard (spec 2 section 2); tenants get the main
// home (issue 27: their agreement, papers, reports and dates).
import { lazy, Suspense } from 'react'
import { Link, useNavigate } from 'react-router'
import { MapPinHouse } from 'lucide-react'
import { useAuth } from '../../../lib/auth'
import { AddressForm } from '../../property/components/AddressForm'
import { ADDRESS_TITLE } from '../../property/format'
import type { User } from '../../../lib/api'
import { toolsFor } from '../../../app/shell/tools'
import { PageLoading } from '../../../app/guards'
import '../../../app/shell/pages.css'

const OmniCheck = lazy(() => import('../../refcheck/components/OmniCheck'))
const TenantHome = lazy(() => import('../components/TenantHome').then((m) => ({ default: m.TenantHome })))

export default function DashboardPage() {
  const { user } = useAuth()
  if (!user) return null
  if (user.userType === 'Landlord' && !user.hasProperties) return <Onboarding />
  if (user.userType === 'Landlord') {
    return (
      <Suspense fallback={<PageLoading />}>
        <OmniCheck user={user} />
      </Suspense>
    )
  }
  if (user.userType === 'Tenant') {
    return (
      <Suspense fallback={<PageLoading />}>
        <TenantHome user={user} />
      </Suspense>
    )
  }
  return <MainDashboard user={user} />
}

function Onboarding() {
  const navigate = useNavigate()
  return (
    <section className="panel onboarding" aria-labelledby="onboarding-title">
      <span className="coming-soon__icon" aria-hidden="true">
        <MapPinHouse size={30} />
      </span>
      <h1 id="onboarding-title" className="page__title">
        {ADDRESS_TITLE}
      </h1>
      <p className="page__lead">
        OmniRent organises reference checks, contracts, inventory reports and your books around your rental properties,
        so the first step is to add one.
      </p>
      <AddressForm
        mode="create"
        onCreated={(p) => navigate(`/profile/edit?id=${encodeURIComponent(p.id)}&tab=details&new=1`)}
      />
    </section>
  )
}

function MainDashboard({ user }: { user: User }) {
  const tools = toolsFor(user).filter((t) => t.to)
  return (
    <div className="page">
      <h1 className="page__title">Welcome, {user.fullName}</h1>
      <p className="page__lead">
        {user.userType === 'Tenant'
          ? 'Complete your reference checks, sign your tenancy agreement and keep track of your home, all in one place.'
          : 'Run reference checks, build tenancy agreements, produce inventory reports and keep your books, all in one place.'}
      </p>
      <ul className="tool-grid" aria-label="Your tools">
        {tools.map((t, i) => (
          <li key={t.key}>
            <Link to={t.to!} className={i === 0 ? 'tool-card tool-card--featured' : 'tool-card'}>
              <span className="tool-card__icon" aria-hidden="true">
                <t.Icon size={24} />
              </span>
              <span className="tool-card__name">{t.name}</span>
              <span className="tool-card__text">{t.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
