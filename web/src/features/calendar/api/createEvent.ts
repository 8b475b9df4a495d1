// POST /api/calendar/events: a new event (attendees get an invitation).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { CalendarEvent, EventInput } from './keys'
import { afterChange } from './mutations'

const call = async (body: EventInput) => (await unwrap(api.POST('/api/calendar/events', { body }))).event

export function useCreateEvent(options?: MutationOptions<CalendarEvent, EventInput>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: call,
    ...options,
    onSuccess: (event, ...rest) => {
      afterChange(qc, event)
      return options?.onSuccess?.(event, ...rest)
    },
  })
}
