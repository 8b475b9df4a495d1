// GET /api/wallet/overview?period=&filter=: the overview's totals, rent, months and recent transactions.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { overviewKey, type Overview } from './keys'

export function useOverview(period: string, filter: string) {
  return useQuery({
    queryKey: overviewKey(period, filter),
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/wallet/overview', { params: { query: { period, filter } }, signal }))) as Overview,
    placeholderData: keepPreviousData,
  })
}
