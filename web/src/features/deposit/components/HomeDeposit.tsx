// The tenant's home shows their deposit's protection (issue 45): the scheme,
// its reference and whether it was protected in time.
import { FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { useDeposits } from '../api/deposit'
import { DepositCard } from './DepositCard'
import '../deposit.css'

export function HomeDeposit() {
  const q = useDeposits()
  if (q.isError) return <FormMessage kind="error">{errorMessage(q.error)}</FormMessage>
  return <>{(q.data ?? []).map((t) => <DepositCard key={t.id} tenancy={t} />)}</>
}
