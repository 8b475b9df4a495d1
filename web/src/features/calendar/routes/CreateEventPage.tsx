// /calendar/create[?date=2026-07-07]: a new event, starting on the day picked in the calendar.
import { useMemo } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { ToastProvider } from '../../../components/Toast'
import { EventForm } from '../components/EventForm'
import { emptyEvent } from '../schema'
import { isDate, todayInLondon } from '../dates'
import { calendarHref } from '../occurrence'
import '../../../app/shell/pages.css'
import '../calendar.css'

export default function CreateEventPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const asked = params.get('date')
  const defaults = useMemo(() => emptyEvent(isDate(asked) ? asked : todayInLondon()), [asked])
  return (
    <ToastProvider>
      <div className="cal-page cal-page--narrow">
        <EventForm
          defaults={defaults}
          onSaved={(e) => void navigate(calendarHref(e.date), { replace: true, state: { toast: 'Event saved' } })}
          onCancel={() => void navigate(-1)}
        />
      </div>
    </ToastProvider>
  )
}
