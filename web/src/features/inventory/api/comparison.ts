// GET /api/inventory/reports/{id}/comparison: a check-out report beside the
// check-in report of the same property, worse first.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'

export type Comparison = { lines: ComparisonLine[] } & Record<string, unknown>
export type ComparisonLine = {
  side: string
  room: string
  item: string
  change: 'worse' | 'same' | 'better' | 'missing' | 'new'
  checkIn: components['schemas']['ComparisonSide'] | null
  checkOut: components['schemas']['ComparisonSide'] | null
}

export const comparisonKey = (id: string) => ['inventory', 'comparison', id] as const

export function useComparison(id: string) {
  return useQuery({
    queryKey: comparisonKey(id),
    queryFn: async ({ signal }) => {
      const body = await unwrap(api.GET('/api/inventory/reports/{id}/comparison', { params: { path: { id } }, signal }))
      return { ...body, lines: body.lines as ComparisonLine[] }
    },
    retry: false,
  })
}
