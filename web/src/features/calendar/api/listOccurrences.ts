// GET /api/calendar/occurrences?from&to[&category][&q]: the events and the
// generated legal dates happening in a range, expanded by the server.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { occurrencesKey, type OccurrenceQuery } from './keys'

export function useOccurrences(q: OccurrenceQuery, enabled = true) {
  return useQuery({
    queryKey: occurrencesKey(q),
    queryFn: async ({ signal }) => {
      const query = { from: q.from, to: q.to, ...(q.category ? { category: q.category } : {}), ...(q.q ? { q: q.q } : {}) }
      const body = await unwrap(api.GET('/api/calendar/occurrences', { params: { query }, signal }))
      return body.occurrences ?? []
    },
    enabled,
    // Moving between months keeps the last month on screen until the next arrives.
    placeholderData: keepPreviousData,
  })
}
