// The user counts at the top of the admin dashboard (GET /api/admin/overview).
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { useAdminOverview } from '../api/adminOverview'

export function UserOverview() {
  const overview = useAdminOverview()
  const u = overview.data?.users
  return (
    <section aria-labelledby="admin-users" className="admin-overview">
      <h2 id="admin-users" className="visually-hidden">
        Users
      </h2>
      {overview.isPending ? (
        <div className="promo-loading">
          <Spinner label="Loading user counts" />
        </div>
      ) : overview.isError ? (
        <p className="form-message form-message--error" role="alert">
          {errorMessage(overview.error)}
        </p>
      ) : u ? (
        <dl className="admin-stats">
          <Stat label="Total users" value={u.total} />
          <Stat label="Landlords" value={u.landlords} />
          <Stat label="Tenants" value={u.tenants} />
          <Stat label="Admins" value={u.admins} />
          <Stat label="Unverified" value={u.unverified} />
        </dl>
      ) : null}
    </section>
  )
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="admin-stat">
      <dt>{label}</dt>
      <dd>{value.toLocaleString('en-GB')}</dd>
    </div>
  )
}
