// GET /api/documents/summary: the menu's counts and whether vendors can be booked.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { summaryKey } from './keys'

export function useDocumentsSummary() {
  return useQuery({
    queryKey: summaryKey,
    queryFn: async ({ signal }) => unwrap(api.GET('/api/documents/summary', { signal })),
  })
}
