// PUT /api/calendar/events/{id}: changes the whole series (attendees get an update).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { CalendarEvent, EventInput } from './keys'
import { afterChange } from './mutations'

export type UpdateEvent = { id: string; input: EventInput }

const call = async ({ id, input }: UpdateEvent) =>
  (await unwrap(api.PUT('/api/calendar/events/{id}', { params: { path: { id } }, body: input }))).event

export function useUpdateEvent(options?: MutationOptions<CalendarEvent, UpdateEvent>) {
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
