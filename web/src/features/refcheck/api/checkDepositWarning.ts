// useCheckDepositWarning.
import { useQuery } from '@tanstack/react-query'
import { type CheckAnswer, checkQuery } from './keys'

/** useCheckDepositWarning is the server's deposit-cap warning for a check ('' within the cap). */
export function useCheckDepositWarning(id: string) {
  return useQuery({ ...checkQuery(id), select: (d: CheckAnswer) => d.depositWarning })
}
