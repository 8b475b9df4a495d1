// /deposits (issue 45): the deposit of each signed tenancy. A landlord
// records its protection and sees whether it was in time; a tenant sees
// their home's (also on their home page). ?tenancy= shows one.
import { Link, useSearchParams } from 'react-router'
import { useAuth } from '../../../lib/auth'
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { useDeposits } from '../api/deposit'
import { DepositCard } from '../components/DepositCard'
import '../../../app/shell/pages.css'
import '../deposit.css'

export default function DepositsPage() {
  const { user } = useAuth()
  const landlord = user?.userType === 'Landlord'
  const [params] = useSearchParams()
  const only = params.get('tenancy')
  const q = useDeposits()
  const list = (q.data ?? []).filter((t) => !only || t.id === only)
  return (
    <div className="page dp">
      <h1 className="page__title">Deposits</h1>
      <p className="page__lead">
        {landlord
          ? 'A deposit must be protected in a government-approved scheme, and the prescribed information given to the tenants, within 30 days of receiving it. Record both here with the scheme’s certificate: your tenants see them on their home.'
          : 'Where your deposit is protected, and whether it was protected in time.'}
      </p>
      {only && q.data ? <p><Link to="/deposits">All your deposits</Link></p> : null}
      {q.isPending ? <div className="page-loading"><Spinner /></div> : null}
      {q.isError ? <FormMessage kind="error">{errorMessage(q.error)}</FormMessage> : null}
      {q.data && list.length === 0 ? (
        <p className="panel dp-muted">
          {only ? 'Tenancy not found.' : 'No signed tenancy agreement with a deposit yet: its deposit appears here once it is signed by everyone.'}
        </p>
      ) : null}
      {list.map((t) => <DepositCard key={t.id} tenancy={t} />)}
    </div>
  )
}
