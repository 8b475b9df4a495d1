// /maintenance (issue 44): a tenant's repairs for their home, a landlord's
// across their properties, open and closed, with the way to report one (a
// tenant) or log one received elsewhere (a landlord).
import { Link } from 'react-router'
import { HardHat, Plus } from 'lucide-react'
import { useAuth } from '../../../lib/auth'
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { useRepairs } from '../api/repairs'
import { RepairList } from '../components/RepairList'
import '../../../app/shell/pages.css'
import '../maintenance.css'

export default function MaintenancePage() {
  const { user } = useAuth()
  const landlord = user?.userType === 'Landlord'
  const q = useRepairs()
  return (
    <div className="page rp">
      <div className="rp-head">
        <h1 className="page__title">Maintenance</h1>
        <div className="rp-actions">
          {landlord ? (
            <Link className="button button--small button--outline" to="/maintenance/contractors">
              <HardHat aria-hidden size={18} /> Contractors
            </Link>
          ) : null}
          <Link className="button button--small" to="/maintenance/report">
            <Plus aria-hidden size={18} /> {landlord ? 'Log a repair' : 'Report a repair'}
          </Link>
        </div>
      </div>
      <p className="page__lead">
        {landlord
          ? 'The repairs of your properties. Each shows the date you are due to act by, counted from when you were told, and whether it is a legal deadline or a target.'
          : 'The repairs of your home. Each shows the date your landlord is due to act by, and whether it is a legal deadline or a target.'}
      </p>
      {q.isPending ? <div className="page-loading"><Spinner /></div> : null}
      {q.isError ? <FormMessage kind="error">{errorMessage(q.error)}</FormMessage> : null}
      {q.data ? <RepairList repairs={q.data} landlord={landlord} /> : null}
    </div>
  )
}
