// DELETE /api/calendar/events/{id} (the whole series; attendees get a
// cancellation) or DELETE /api/calendar/events/{id}/occurrences/{occurrence}
// (this occurrence only).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { eventKey } from './keys'
import { afterChange } from './mutations'

/** DeleteEvent names what goes: the series, or one occurrence of it by its original start. */
export type DeleteEvent = { id: string; occurrence?: string }

const call = async ({ id, occurrence }: DeleteEvent) => {
  if (occurrence) {
    await unwrap(api.DELETE('/api/calendar/events/{id}/occurrences/{occurrence}', { params: { path: { id, occurrence } } }))
  } else {
    await unwrap(api.DELETE('/api/calendar/events/{id}', { params: { path: { id } } }))
  }
}

export function useDeleteEvent(options?: MutationOptions<void, DeleteEvent>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: call,
    ...options,
    onSuccess: (data, vars, ...rest) => {
      if (vars.occurrence) void qc.invalidateQueries({ queryKey: eventKey(vars.id) })
      else qc.removeQueries({ queryKey: eventKey(vars.id) })
      afterChange(qc)
      return options?.onSuccess?.(data, vars, ...rest)
    },
  })
}
