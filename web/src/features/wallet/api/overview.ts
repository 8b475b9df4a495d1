// GET /api/wallet/overview?period=&filter=: the overview's totals, rent, months and recent transactions.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { overviewKey, type FilterParam, type Period } from './keys'

export function useOverview(period: Period, filter: FilterParam) {
  return useQuery({
    queryKey: overviewKey(period, filter),
    queryFn: async ({ signal }) =>
      await unwrap(api.GET('/api/wallet/overview', { params: { query: { period, filter } }, signal })),
    placeholderData: keepPreviousData,
  })
}
