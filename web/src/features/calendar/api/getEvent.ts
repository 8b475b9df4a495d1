// GET /api/calendar/events/{id}: one event (the series, with its exceptions).
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { eventKey } from './keys'

export function useEvent(id: string) {
  return useQuery({
    queryKey: eventKey(id),
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/calendar/events/{id}', { params: { path: { id } }, signal }))).event,
  })
}
