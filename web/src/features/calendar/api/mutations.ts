// What every calendar change does afterwards: the changed event is put in the
// cache and every range of occurrences is asked for again.
import type { QueryClient } from '@tanstack/react-query'
import { calendarKey, eventKey, type CalendarEvent } from './keys'

export function afterChange(qc: QueryClient, event?: CalendarEvent) {
  if (event) qc.setQueryData(eventKey(event.id), event)
  void qc.invalidateQueries({ queryKey: [...calendarKey, 'occurrences'] })
}
