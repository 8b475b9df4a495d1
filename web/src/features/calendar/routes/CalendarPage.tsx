// /calendar (spec 3 "Calendar"): the month calendar, the category tiles, the
// events grouped by date, the search toggle and the create icon; a week view
// and an agenda view suit a phone. What is shown is kept in the address
// (?month=2026-07&date=2026-07-07&category=Viewings&view=week&q=keys).
import { useEffect, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ChevronLeft, ChevronRight, Plus, Rss, Search, X } from 'lucide-react'
import { ToastProvider } from '../../../components/Toast'
import { Dialog } from '../../../components/Dialog'
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { useDebounced } from '../../../lib/useDebounced'
import { useOccurrences } from '../api/listOccurrences'
import type { Occurrence } from '../api/keys'
import { CarriedToast } from '../../../components/CarriedToast'
import { CategoryTiles } from '../components/CategoryTiles'
import { EventList } from '../components/EventList'
import { FeedPanel } from '../components/FeedPanel'
import { MonthGrid, type DayMarks } from '../components/MonthGrid'
import { CATEGORIES, MSG, offeredTo } from '../rules'
import { useAuth } from '../../../lib/auth'
import {
  addDays,
  addMonths,
  formatLongDay,
  formatMonth,
  formatShortDay,
  gridRange,
  isDate,
  isMonth,
  monthOf,
  todayInLondon,
  weekOf,
} from '../dates'
import '../../../app/shell/pages.css'
import '../calendar.css'

type View = 'month' | 'week' | 'agenda'
const VIEWS: Array<{ value: View; label: string }> = [
  { value: 'month', label: 'Month' },
  { value: 'week', label: 'Week' },
  { value: 'agenda', label: 'Agenda' },
]
/** AGENDA_DAYS: the agenda shows this many days from today, then more on request. */
const AGENDA_DAYS = 60

export default function CalendarPage() {
  return (
    <ToastProvider>
      <CarriedToast />
      <Calendar />
    </ToastProvider>
  )
}

function Calendar() {
  const [params, setParams] = useSearchParams()
  const today = todayInLondon()
  const dateParam = params.get('date')
  const selected = isDate(dateParam) ? dateParam : null
  const monthParam = params.get('month')
  const month = isMonth(monthParam) ? monthParam : monthOf(selected ?? today)
  // The tiles a person can use: a tenant has no wallet, so no Wallet tile.
  const { user } = useAuth()
  const tiles = offeredTo(CATEGORIES, user?.userType)
  const askedCategory = params.get('category')
  const category = tiles.find((c) => c === askedCategory) ?? 'All'
  const askedView = params.get('view')
  const view: View = VIEWS.find((v) => v.value === askedView)?.value ?? 'month'
  const q = params.get('q') ?? ''
  const [searching, setSearching] = useState(q !== '')
  const [text, setText] = useState(q)
  const [feedOpen, setFeedOpen] = useState(false)
  const typed = useDebounced(text.trim(), 300)

  const change = (set: Record<string, string | null>, replace = true) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(set)) {
          if (v === null || v === '') p.delete(k)
          else p.set(k, v)
        }
        return p
      },
      { replace },
    )

  // The search box writes its (settled) text into the address.
  useEffect(() => {
    if (typed !== q) change({ q: typed || null })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed])

  const filter = category === 'All' ? undefined : category
  const createHref = `/calendar/create${selected ? `?date=${selected}` : ''}`

  return (
    <div className="cal-page">
      <div className="cal-head">
        <h1 className="page__title cal-head__title">Calendar</h1>
        <div className="cal-head__actions">
          <button
            type="button"
            className={`icon-button cal-head__icon${searching ? ' is-active' : ''}`}
            aria-label="Search events"
            aria-expanded={searching}
            aria-controls="cal-search"
            onClick={() => {
              if (searching) {
                setText('')
                change({ q: null })
              }
              setSearching(!searching)
            }}
          >
            {searching ? <X aria-hidden size={22} /> : <Search aria-hidden size={22} />}
          </button>
          <button type="button" className="icon-button cal-head__icon" aria-label="Calendar feed" aria-haspopup="dialog" onClick={() => setFeedOpen(true)}>
            <Rss aria-hidden size={22} />
          </button>
          <Link to={createHref} className="button cal-create" aria-label="New event">
            <Plus aria-hidden size={20} />
            <span className="cal-create__text" aria-hidden="true">New event</span>
          </Link>
        </div>
      </div>

      {searching ? (
        <div className="cal-search" id="cal-search" role="search">
          <label htmlFor="cal-search-input" className="visually-hidden">
            Search titles, descriptions, places and people
          </label>
          <Search aria-hidden size={18} className="cal-search__icon" />
          <input
            id="cal-search-input"
            type="search"
            autoFocus
            placeholder="Search titles, descriptions, places and people"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      ) : null}

      <CategoryTiles categories={tiles} value={category} onChange={(c) => change({ category: c === 'All' ? null : c })} />

      {q && searching ? (
        <SearchResults q={q} month={month} category={filter} today={today} />
      ) : (
        <>
          <div className="cal-views" role="group" aria-label="View">
            {VIEWS.map((v) => (
              <button
                key={v.value}
                type="button"
                className={`cal-views__item${view === v.value ? ' is-active' : ''}`}
                aria-pressed={view === v.value}
                onClick={() => change({ view: v.value === 'month' ? null : v.value })}
              >
                {v.label}
              </button>
            ))}
          </div>
          {view === 'month' ? (
            <MonthView
              month={month}
              today={today}
              selected={selected && monthOf(selected) === month ? selected : null}
              category={filter}
              onMonth={(m) => change({ month: m, date: null })}
              onSelect={(d) => change({ date: d === selected ? null : d, month: monthOf(d) })}
            />
          ) : null}
          {view === 'week' ? (
            <WeekView day={selected ?? (monthOf(today) === month ? today : `${month}-01`)} today={today} category={filter} onDay={(d) => change({ date: d, month: monthOf(d) })} />
          ) : null}
          {view === 'agenda' ? <AgendaView today={today} category={filter} /> : null}
        </>
      )}

      <Dialog open={feedOpen} onClose={() => setFeedOpen(false)} title="Calendar feed">
        <FeedPanel />
      </Dialog>
    </div>
  )
}

function marksOf(items: Occurrence[]): DayMarks {
  const marks: DayMarks = new Map()
  for (const o of items) {
    const list = marks.get(o.date)
    if (list) list.push(o.category)
    else marks.set(o.date, [o.category])
  }
  return marks
}

type MonthViewProps = {
  month: string
  today: string
  selected: string | null
  category?: string
  onMonth: (m: string) => void
  onSelect: (d: string) => void
}

function MonthView({ month, today, selected, category, onMonth, onSelect }: MonthViewProps) {
  const range = gridRange(month)
  const list = useOccurrences({ ...range, category })
  const items = useMemo(() => list.data ?? [], [list.data])
  const marks = useMemo(() => marksOf(items), [items])
  const shown = selected ? items.filter((o) => o.date === selected) : items.filter((o) => monthOf(o.date) === month)
  return (
    <div className="cal-monthview">
      <div className="cal-monthview__grid">
        <MonthGrid month={month} today={today} selected={selected} marks={marks} onSelect={onSelect} onMonth={onMonth} />
      </div>
      <div className="cal-monthview__list">
        <div className="cal-list-head">
          <h2 className="cal-list-head__title">{selected ? formatLongDay(selected) : `Events in ${formatMonth(month)}`}</h2>
          {selected ? (
            <button type="button" className="link-button" onClick={() => onSelect(selected)}>
              Show all of {formatMonth(month)}
            </button>
          ) : null}
        </div>
        <Loaded query={list}>
          <EventList
            items={shown}
            today={today}
            single={!!selected}
            label={selected ? `Events on ${formatLongDay(selected)}` : `Events in ${formatMonth(month)}`}
            empty={selected ? 'Nothing planned on this day.' : `Nothing planned in ${formatMonth(month)}.`}
          />
        </Loaded>
      </div>
    </div>
  )
}

function Loaded({ query, children }: { query: { isPending: boolean; isError: boolean }; children: React.ReactNode }) {
  if (query.isPending) return <p className="cal-loading"><Spinner label="Loading events" /> Loading ...</p>
  if (query.isError) return <FormMessage kind="error">{MSG.error}</FormMessage>
  return <>{children}</>
}

function WeekView({ day, today, category, onDay }: { day: string; today: string; category?: string; onDay: (d: string) => void }) {
  const days = weekOf(day)
  const list = useOccurrences({ from: days[0], to: days[6], category })
  const items = list.data ?? []
  const title = `${formatShortDay(days[0])} – ${formatShortDay(days[6])}`
  return (
    <section className="cal-week" aria-labelledby="cal-week-title">
      <div className="cal-month__head">
        <button type="button" className="icon-button" aria-label="Previous week" onClick={() => onDay(addDays(days[0], -7))}>
          <ChevronLeft aria-hidden size={24} />
        </button>
        <h2 id="cal-week-title" className="cal-month__title" aria-live="polite">{title}</h2>
        <button type="button" className="icon-button" aria-label="Next week" onClick={() => onDay(addDays(days[0], 7))}>
          <ChevronRight aria-hidden size={24} />
        </button>
      </div>
      <Loaded query={list}>
        <ol className="cal-weekdays">
          {days.map((d) => {
            const todays = items.filter((o) => o.date === d)
            return (
              <li key={d} className={`cal-weekday${d === today ? ' is-today' : ''}`}>
                <h3 className="cal-daygroup__title">
                  {formatLongDay(d)}
                  {d === today ? <span className="cal-today-tag">Today</span> : null}
                </h3>
                {todays.length ? (
                  <EventList items={todays} today={today} label={`Events on ${formatLongDay(d)}`} empty="" single />
                ) : (
                  <p className="cal-muted cal-weekday__empty">Nothing planned</p>
                )}
              </li>
            )
          })}
        </ol>
      </Loaded>
    </section>
  )
}

function AgendaView({ today, category }: { today: string; category?: string }) {
  const [days, setDays] = useState(AGENDA_DAYS)
  const to = addDays(today, days - 1)
  const list = useOccurrences({ from: today, to, category })
  return (
    <section className="cal-agenda" aria-labelledby="cal-agenda-title">
      <h2 id="cal-agenda-title" className="cal-list-head__title">Coming up</h2>
      <p className="cal-muted">From today to {formatLongDay(to)}</p>
      <Loaded query={list}>
        <EventList items={list.data ?? []} today={today} label="Coming up" empty="Nothing planned." />
        {days < 360 ? (
          <button type="button" className="button button--outline button--block cal-more" onClick={() => setDays(days + AGENDA_DAYS)}>
            Show more
          </button>
        ) : null}
      </Loaded>
    </section>
  )
}

function SearchResults({ q, month, category, today }: { q: string; month: string; category?: string; today: string }) {
  // Six months either side of the month on show (the server answers up to 400 days).
  const from = `${addMonths(month, -6)}-01`
  const to = addDays(`${addMonths(month, 7)}-01`, -1)
  const list = useOccurrences({ from, to, category, q })
  return (
    <section className="cal-results" aria-labelledby="cal-results-title">
      <h2 id="cal-results-title" className="cal-list-head__title">Results for “{q}”</h2>
      <p className="cal-muted">
        Searching {formatMonth(from.slice(0, 7))} to {formatMonth(to.slice(0, 7))}: titles, descriptions, places and people.
      </p>
      <Loaded query={list}>
        <EventList items={list.data ?? []} today={today} label={`Results for ${q}`} empty="No events match." />
      </Loaded>
    </section>
  )
}
