// What an event page shows while loading and when the event is not there
// (deleted, or someone else's: the server answers 404 either way).
import { Link } from 'react-router'
import { CalendarX } from 'lucide-react'
import { Spinner } from '../../../components/Spinner'

export function PageSpinner() {
  return (
    <p className="cal-loading">
      <Spinner label="Loading the event" /> Loading ...
    </p>
  )
}

export function NotFoundPanel() {
  return (
    <section className="panel coming-soon" aria-labelledby="cal-missing">
      <span className="coming-soon__icon">
        <CalendarX aria-hidden size={30} />
      </span>
      <h1 id="cal-missing">Event not found</h1>
      <p>This event does not exist, or it has been deleted.</p>
      <Link to="/calendar" className="button">
        Back to the calendar
      </Link>
    </section>
  )
}
