// PUT /api/calendar/events/{id}/occurrences/{occurrence}: changes one
// occurrence of a repeating event (its original start names it).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { CalendarEvent, OccurrenceInput } from './keys'
import { afterChange } from './mutations'

export type EditOccurrence = { id: string; occurrence: string; input: OccurrenceInput }

const call = async ({ id, occurrence, input }: EditOccurrence) =>
  (await unwrap(api.PUT('/api/calendar/events/{id}/occurrences/{occurrence}', { params: { path: { id, occurrence } }, body: input })))
    .event

export function useEditOccurrence(options?: MutationOptions<CalendarEvent, EditOccurrence>) {
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
