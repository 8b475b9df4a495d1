// /calendar/edit/{id}: the whole series; /calendar/edit/{id}?occurrence=2026-11-12T09:00:
// that occurrence only (its title, date and times).
import { useMemo } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { ToastProvider } from '../../../components/Toast'
import { NotFoundPanel, PageSpinner } from '../components/PageStates'
import { useEvent } from '../api/getEvent'
import { EventForm } from '../components/EventForm'
import { OccurrenceForm } from '../components/OccurrenceForm'
import { fromEvent } from '../schema'
import { occurrenceOf } from '../occurrence'
import '../../../app/shell/pages.css'
import '../calendar.css'

export default function EditEventPage() {
  return (
    <ToastProvider>
      <div className="cal-page cal-page--narrow">
        <Edit />
      </div>
    </ToastProvider>
  )
}

function Edit() {
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const occurrence = params.get('occurrence')
  const navigate = useNavigate()
  const query = useEvent(id)
  const event = query.data
  const defaults = useMemo(() => (event ? fromEvent(event) : null), [event])
  if (query.isPending) return <PageSpinner />
  if (!event || !defaults) return <NotFoundPanel />
  const viewHref = `/calendar/view/${event.id}${occurrence ? `?occurrence=${encodeURIComponent(occurrence)}` : ''}`
  if (occurrence && event.frequency !== 'one-off') {
    const now = occurrenceOf(event, occurrence)
    if (now.deleted) return <NotFoundPanel />
    return (
      <OccurrenceForm
        event={event}
        occurrence={occurrence}
        current={{ title: now.title, date: now.date, startTime: now.startTime, endTime: now.endTime }}
        onSaved={() => void navigate(viewHref, { replace: true, state: { toast: 'Occurrence saved' } })}
        onCancel={() => void navigate(-1)}
      />
    )
  }
  return (
    <EventForm
      event={event}
      defaults={defaults}
      onSaved={() => void navigate(viewHref, { replace: true, state: { toast: 'Event saved' } })}
      onCancel={() => void navigate(-1)}
    />
  )
}
