// GET /api/inventory/reports/{id}/comparison: a check-out report beside the
// check-in report it was started from (named), worse first, with the
// check-in report's photos.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'

type Body = Awaited<ReturnType<typeof fetchComparison>>
export type Comparison = Body
export type ComparisonLine = {
  side: string
  room: string
  item: string
  change: 'worse' | 'same' | 'better' | 'missing' | 'new' | 'notInspected'
  checkIn: components['schemas']['ComparisonSide'] | null
  checkOut: components['schemas']['ComparisonSide'] | null
}

export const comparisonKey = (id: string) => ['inventory', 'comparison', id] as const

async function fetchComparison(id: string, signal?: AbortSignal) {
  const body = await unwrap(api.GET('/api/inventory/reports/{id}/comparison', { params: { path: { id } }, signal }))
  return { ...body, lines: body.lines as ComparisonLine[] }
}

export function useComparison(id: string) {
  return useQuery({
    queryKey: comparisonKey(id),
    queryFn: ({ signal }) => fetchComparison(id, signal),
    retry: false,
  })
}
