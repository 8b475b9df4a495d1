// GET /api/admin/overview: the user counts of the admin dashboard.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'

export const overviewKey = ['admin', 'overview'] as const

export function useAdminOverview() {
  return useQuery({
    queryKey: overviewKey,
    queryFn: () => unwrap(api.GET('/api/admin/overview')),
  })
}
