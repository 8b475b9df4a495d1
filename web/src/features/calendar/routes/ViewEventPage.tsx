// /calendar/view/{id}[?occurrence=2026-11-12T09:00] (spec 3 "Calendar"): title,
// type, the location's first line, times, date, description, attendees,
// alert and 'Delete event'; for a repeating event, one occurrence of it,
// which can be edited or deleted on its own or with the whole series.
import { useState } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { Bell, CalendarDays, ChevronLeft, Clock, MapPin, Pencil, Repeat } from 'lucide-react'
import { ToastProvider } from '../../../components/Toast'
import { Dialog } from '../../../components/Dialog'
import { useEvent } from '../api/getEvent'
import { Avatars, fullName } from '../components/Avatars'
import { CarriedToast } from '../../../components/CarriedToast'
import { CategoryIcon, categoryClass } from '../components/categoryStyle'
import { DeleteEvent } from '../components/DeleteEvent'
import { firstLine } from '../components/EventList'
import { NotFoundPanel, PageSpinner } from '../components/PageStates'
import { alertLabel, frequencyLabel, timeRange } from '../rules'
import { formatDate, formatLongDay } from '../dates'
import { calendarHref, occurrenceOf } from '../occurrence'
import '../../../app/shell/pages.css'
import '../calendar.css'

export default function ViewEventPage() {
  return (
    <ToastProvider>
      <CarriedToast />
      <div className="cal-page cal-page--narrow">
        <View />
      </div>
    </ToastProvider>
  )
}

function View() {
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const query = useEvent(id)
  const [choosing, setChoosing] = useState(false)
  const event = query.data
  if (query.isPending) return <PageSpinner />
  if (!event) return <NotFoundPanel />
  const recurring = event.frequency !== 'one-off'
  const occurrence = recurring ? params.get('occurrence') : null
  const now = occurrenceOf(event, occurrence)
  if (now.deleted) return <NotFoundPanel />
  const back = calendarHref(now.date)
  const editSeries = `/calendar/edit/${event.id}`
  const editOne = occurrence ? `/calendar/edit/${event.id}?occurrence=${encodeURIComponent(occurrence)}` : editSeries
  const repeats = recurring ? `${frequencyLabel(event.frequency)}${event.limitDate ? ` until ${formatDate(event.limitDate)}` : ''}` : 'One off'

  return (
    <>
      <Link to={back} className="cal-back">
        <ChevronLeft aria-hidden size={18} /> Back to the calendar
      </Link>
      <article className={`panel cal-view ${categoryClass(event.category)}`} aria-labelledby="cal-view-title">
        <p className="cal-chip">
          <CategoryIcon category={event.category} size={16} /> {event.category}
        </p>
        <h1 id="cal-view-title" className="page__title">{now.title}</h1>
        <dl className="cal-facts">
          <div>
            <dt><MapPin aria-hidden size={18} /><span className="visually-hidden">Location</span></dt>
            <dd title={event.location.address}>{firstLine(event.location.address)}</dd>
          </div>
          <div>
            <dt><CalendarDays aria-hidden size={18} /><span className="visually-hidden">Date</span></dt>
            <dd>{formatLongDay(now.date)}</dd>
          </div>
          <div>
            <dt><Clock aria-hidden size={18} /><span className="visually-hidden">Times</span></dt>
            <dd>{timeRange(now.startTime, now.endTime)} <span className="cal-muted">UK time</span></dd>
          </div>
          <div>
            <dt><Repeat aria-hidden size={18} /><span className="visually-hidden">Frequency</span></dt>
            <dd>
              {repeats}
              {now.overridden ? <span className="cal-muted"> (this occurrence was changed)</span> : null}
            </dd>
          </div>
          <div>
            <dt><Bell aria-hidden size={18} /><span className="visually-hidden">Alert</span></dt>
            <dd>{alertLabel(event.alert)}</dd>
          </div>
        </dl>
        <h2 className="cal-view__sub">Description</h2>
        <p className="cal-pre">{event.description}</p>
        <h2 className="cal-view__sub">Attendees</h2>
        {event.attendees.length ? (
          <>
            <Avatars people={event.attendees} />
            <ul className="cal-people cal-people--plain" aria-label="Attendees">
              {event.attendees.map((p, i) => (
                <li key={`${p.email}-${i}`} className="cal-person">
                  <span className="cal-person__text">
                    <strong>{fullName(p)}</strong>
                    <span className="cal-muted">{p.email}</span>
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="cal-muted">Nobody invited.</p>
        )}
        <div className="cal-actions cal-view__actions">
          {recurring && occurrence ? (
            <button type="button" className="button button--outline" onClick={() => setChoosing(true)}>
              <Pencil aria-hidden size={18} /> Edit
            </button>
          ) : (
            <Link to={editSeries} className="button button--outline">
              <Pencil aria-hidden size={18} /> Edit
            </Link>
          )}
          <DeleteEvent
            eventId={event.id}
            title={now.title}
            occurrence={occurrence ?? undefined}
            recurring={recurring}
            onDeleted={(what) =>
              void navigate(back, { replace: true, state: { toast: what === 'occurrence' ? 'Occurrence deleted' : 'Event deleted' } })
            }
          />
        </div>
      </article>
      <Dialog open={choosing} onClose={() => setChoosing(false)} title="Edit event">
        <p>“{event.title}” repeats. What do you want to change?</p>
        <div className="cal-choice">
          <Link to={editOne} className="button button--outline button--block">
            This occurrence
          </Link>
          <Link to={editSeries} className="button button--outline button--block">
            The whole series
          </Link>
        </div>
      </Dialog>
    </>
  )
}
