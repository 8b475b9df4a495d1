// /notices (issue 45): the notices served during a tenancy. A landlord sees
// each signed tenancy with its rent increases (propose one, check what the
// prescribed form asks for, record serving it) and how it ends; a tenant
// sees their home's (also on their home page). ?tenancy= shows one.
import { Link, useSearchParams } from 'react-router'
import { useAuth } from '../../../lib/auth'
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { useNotices } from '../api/notices'
import { TenancyNotices } from '../components/TenancyNotices'
import '../../../app/shell/pages.css'
import '../notices.css'

export default function NoticesPage() {
  const { user } = useAuth()
  const landlord = user?.userType === 'Landlord'
  const [params] = useSearchParams()
  const only = params.get('tenancy')
  const q = useNotices()
  const list = (q.data ?? []).filter((t) => !only || t.id === only)
  return (
    <div className="page nt">
      <h1 className="page__title">Rent increases and notices</h1>
      <p className="page__lead">
        {landlord
          ? "Since 1 May 2026 the rent of a tenancy in England can only rise by the prescribed notice (section 13), at most once a year, with at least two months' notice, from the first day of a rent period. OmniRent works out the earliest day and fills in what the form asks for from the signed agreement; you serve the form itself."
          : 'The rent increases your landlord served, and your notice if you want to leave.'}
      </p>
      {only && q.data ? <p><Link to="/notices">All your tenancies</Link></p> : null}
      {q.isPending ? <div className="page-loading"><Spinner /></div> : null}
      {q.isError ? <FormMessage kind="error">{errorMessage(q.error)}</FormMessage> : null}
      {q.data && list.length === 0 ? (
        <p className="panel nt-muted">
          {only ? 'Tenancy not found.' : 'No tenancy agreement signed by everyone yet: its notices appear here once it is.'}
        </p>
      ) : null}
      {list.map((t) => <TenancyNotices key={t.id} tenancy={t} />)}
    </div>
  )
}
