// GET /api/reference-checks/deposit-warning
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { useDebounced } from '../../../lib/useDebounced'

/**
 * useDepositWarning asks the server, as the landlord types, whether a
 * deposit is over the legal cap for a monthly rent where the chosen
 * property is (the rule is the server's alone). '' within the cap or until
 * both amounts are typed.
 */
export function useDepositWarning(rentPence: number, depositPence: number, propertyId = ''): string {
  const [rent, deposit] = useDebounced([rentPence, depositPence] as const, 250)
  const q = useQuery({
    queryKey: ['deposit-warning', rent, deposit, propertyId],
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/reference-checks/deposit-warning', {
            params: { query: { rentPence: rent, depositPence: deposit, ...(propertyId ? { propertyId } : {}) } },
          }),
        )
      ).depositWarning,
    enabled: rent > 0 && deposit > 0,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  })
  return rentPence > 0 && depositPence > 0 ? (q.data ?? '') : ''
}
