// /admin (Admin role only): user counts now; promo code management arrives
// with the payments release.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api'
import { Spinner } from '../../components/Spinner'
import { errorMessage } from '../auth/errors'
import '../../app/shell/pages.css'

export default function AdminPage() {
  const overview = useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: () => unwrap(api.GET('/api/admin/overview')),
  })
  const u = overview.data?.users
  return (
    <div className="page">
      <h1 className="page__title">Admin dashboard</h1>
      <p className="page__lead">An overview of the accounts on OmniRent.</p>
      {overview.isPending ? (
        <div className="page-loading">
          <Spinner label="Loading user counts" />
        </div>
      ) : overview.isError ? (
        <p className="form-message form-message--error" role="alert">
          {errorMessage(overview.error)}
        </p>
      ) : u ? (
        <section aria-labelledby="admin-users">
          <h2 id="admin-users" className="visually-hidden">
            Users
          </h2>
          <dl className="stat-grid">
            <Stat label="Total users" value={u.total} />
            <Stat label="Landlords" value={u.landlords} />
            <Stat label="Tenants" value={u.tenants} />
            <Stat label="Admins" value={u.admins} />
            <Stat label="Unverified" value={u.unverified} />
          </dl>
        </section>
      ) : null}
      <p className="form-message form-message--info">Promo code management arrives with the payments release.</p>
    </div>
  )
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>{value.toLocaleString('en-GB')}</dd>
    </div>
  )
}
