// The tenant's home shows their rent increases and notice (issue 45): the
// served increase with its day and their right to challenge it, and the
// way to give notice, for each signed tenancy.
import { FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { useNotices } from '../api/notices'
import { TenancyNotices } from './TenancyNotices'
import '../notices.css'

export function HomeNotices() {
  const q = useNotices()
  if (q.isError) return <FormMessage kind="error">{errorMessage(q.error)}</FormMessage>
  return <>{(q.data ?? []).map((t) => <TenancyNotices key={t.id} tenancy={t} headingLevel={2} />)}</>
}
