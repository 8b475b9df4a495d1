// GET /api/wallet/transactions?from&to&filter&propertyId&category&box&limit:
// occurrences, newest first (the tax year's category links land here).
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { transactionsKey, type ListQuery } from './keys'

export function useTransactions(q: ListQuery) {
  return useQuery({
    queryKey: transactionsKey(q),
    queryFn: async ({ signal }) =>
      await unwrap(api.GET('/api/wallet/transactions', { params: { query: q }, signal })),
  })
}
