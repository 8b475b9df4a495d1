// Events grouped by date: each day a heading and its events in time order.
// An event opens its page; a generated legal date shows where it comes from,
// a link to its record and 'Mark done' instead (it cannot be deleted).
import { Link } from 'react-router'
import { Bell, CircleCheck, ExternalLink, MapPin, Repeat } from 'lucide-react'
import type { Occurrence } from '../api/keys'
import { useMarkDone } from '../api/markDone'
import { formatLongDay } from '../dates'
import { timeRange } from '../rules'
import { Avatars } from './Avatars'
import { CategoryIcon, categoryClass } from './categoryStyle'
import { useToast } from '../../../components/Toast'
import { ButtonSpinner } from '../../../components/Form'

/** groupByDate keeps the server's order (by start) inside each day, days ascending. */
export function groupByDate(items: Occurrence[]): Array<[string, Occurrence[]]> {
  const groups = new Map<string, Occurrence[]>()
  for (const o of items) {
    const list = groups.get(o.date)
    if (list) list.push(o)
    else groups.set(o.date, [o])
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))
}

/** viewHref opens an occurrence of an event on its page. */
export function viewHref(o: Occurrence): string {
  const q = o.recurring ? `?occurrence=${encodeURIComponent(o.occurrence)}` : ''
  return `/calendar/view/${o.eventId}${q}`
}

/** firstLine is the location's first line (spec: the view shows the location's first line). */
export function firstLine(address: string): string {
  return address.split(/,|\n/)[0]?.trim() ?? ''
}

type Props = {
  items: Occurrence[]
  today: string
  empty: string
  label: string
  /** single: the items are one day's, named already above the list (no date headings). */
  single?: boolean
}

export function EventList({ items, today, empty, label, single }: Props) {
  const groups = groupByDate(items)
  if (groups.length === 0) return empty ? <p className="cal-empty">{empty}</p> : null
  if (single) {
    return (
      <div className="cal-days" aria-label={label} role="region">
        <ul className="cal-events">
          {items.map((o) => (
            <li key={o.key}>{o.generated ? <GeneratedItem o={o} /> : <EventItem o={o} />}</li>
          ))}
        </ul>
      </div>
    )
  }
  return (
    <div className="cal-days" aria-label={label} role="region">
      {groups.map(([date, list]) => (
        <section key={date} className="cal-daygroup" aria-labelledby={`cal-day-${date}`}>
          <h3 id={`cal-day-${date}`} className="cal-daygroup__title">
            {formatLongDay(date)}
            {date === today ? <span className="cal-today-tag">Today</span> : null}
          </h3>
          <ul className="cal-events">
            {list.map((o) => (
              <li key={o.key}>{o.generated ? <GeneratedItem o={o} /> : <EventItem o={o} />}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

function EventItem({ o }: { o: Occurrence }) {
  const where = firstLine(o.location.address)
  return (
    <Link to={viewHref(o)} className={`cal-event ${categoryClass(o.category)}`}>
      <Times o={o} />
      <span className="cal-event__body">
        <span className="cal-event__title">{o.title}</span>
        <span className="cal-event__meta">
          <span className="cal-event__cat">
            <CategoryIcon category={o.category} size={14} /> {o.category}
          </span>
          {where ? (
            <span>
              <MapPin aria-hidden size={14} /> {where}
            </span>
          ) : null}
          {o.recurring ? (
            <span title="Repeats">
              <Repeat aria-hidden size={14} />
              <span className="visually-hidden">Repeats</span>
            </span>
          ) : null}
          {o.alert && o.alert !== 'none' ? (
            <span title={`Alert ${o.alert} before`}>
              <Bell aria-hidden size={14} />
              <span className="visually-hidden">Alert {o.alert} before</span>
            </span>
          ) : null}
        </span>
      </span>
      <Avatars people={o.attendees} size="small" />
    </Link>
  )
}

/** splitSource reads "Housing Act 2004, section 213 (https://...)" as the law's name and its address. */
export function splitSource(text: string): { name: string; url: string } {
  const m = /^(.*?)[\s(—–-]*(https?:\/\/[^\s)]+)\)?\s*$/.exec(text.trim())
  if (!m) return { name: text.trim(), url: '' }
  return { name: m[1].trim() || m[2], url: m[2] }
}

function Source({ text }: { text: string }) {
  const { name, url } = splitSource(text)
  return (
    <span className="cal-event__source">
      Source:{' '}
      {url ? (
        <a href={url} target="_blank" rel="noreferrer">
          {name}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        name
      )}
    </span>
  )
}

/** Times: the start above the end, or 'All day'. */
function Times({ o }: { o: Occurrence }) {
  if (o.allDay || !o.startTime) return <span className="cal-event__time">All day</span>
  return (
    <span className="cal-event__time" title={timeRange(o.startTime, o.endTime)}>
      <span>{o.startTime}</span>
      {o.endTime ? (
        <span className="cal-event__end">
          <span className="visually-hidden"> to </span>
          {o.endTime}
        </span>
      ) : null}
    </span>
  )
}

function GeneratedItem({ o }: { o: Occurrence }) {
  const toast = useToast()
  const mark = useMarkDone({ onError: () => toast('error', 'An Error Occured!') })
  return (
    <div className={`cal-event cal-event--generated ${categoryClass(o.category)}${o.done ? ' is-done' : ''}`}>
      <span className="cal-event__time">All day</span>
      <span className="cal-event__body">
        <span className="cal-event__title">
          {o.title}
          {o.done ? (
            <span className="cal-done-tag">
              <CircleCheck aria-hidden size={14} /> Done
            </span>
          ) : null}
        </span>
        <span className="cal-event__meta">
          <span className="cal-event__cat">
            <CategoryIcon category={o.category} size={14} /> {o.category}
          </span>
          {o.location.address ? (
            <span>
              <MapPin aria-hidden size={14} /> {firstLine(o.location.address)}
            </span>
          ) : null}
        </span>
        {o.description ? <span className="cal-event__note">{o.description}</span> : null}
        {o.note ? <span className="cal-event__note">{o.note}</span> : null}
        {o.source ? <Source text={o.source} /> : null}
        <span className="cal-event__actions">
          {o.link ? (
            <Link to={o.link} className="cal-link">
              <ExternalLink aria-hidden size={14} /> Open the record
            </Link>
          ) : null}
          <button
            type="button"
            className="button button--small button--outline"
            disabled={mark.isPending}
            aria-busy={mark.isPending}
            onClick={() => mark.mutate({ key: o.key, done: !o.done })}
          >
            {mark.isPending ? <ButtonSpinner /> : null}
            {o.done ? 'Mark not done' : 'Mark done'}
            <span className="visually-hidden">: {o.title}</span>
          </button>
        </span>
      </span>
    </div>
  )
}
