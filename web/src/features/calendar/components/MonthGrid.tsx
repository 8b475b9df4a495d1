// The month calendar (spec 3 "Calendar"): Monday-first weeks, today marked,
// days with events dotted (one dot per event type, up to three), arrows and
// a sideways swipe between months, a day picked to show its events.
import { useRef } from 'react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { WEEKDAYS, addMonths, dayOfMonth, formatLongDay, formatMonth, monthGrid, monthOf } from '../dates'
import { categoryClass } from './categoryStyle'

export type DayMarks = Map<string, string[]>

type Props = {
  month: string
  today: string
  selected: string | null
  /** marks: for each day with events, the event types happening that day (one entry per event). */
  marks: DayMarks
  onSelect: (date: string) => void
  onMonth: (month: string) => void
}

const SWIPE_PX = 50

export function MonthGrid({ month, today, selected, marks, onSelect, onMonth }: Props) {
  const weeks = monthGrid(month)
  const touch = useRef<{ x: number; y: number } | null>(null)
  const titleId = `cal-month-${month}`
  return (
    <section className="cal-month" aria-labelledby={titleId}>
      <div className="cal-month__head">
        <h2 id={titleId} className="cal-month__title cal-month__title--start" aria-live="polite">{formatMonth(month)}</h2>
        {monthOf(today) !== month || (selected && selected !== today) ? (
          <button type="button" className="button button--outline button--small cal-today" onClick={() => onSelect(today)}>
            Today
          </button>
        ) : null}
        <button type="button" className="icon-button" aria-label="Previous month" onClick={() => onMonth(addMonths(month, -1))}>
          <ChevronLeft aria-hidden size={24} />
        </button>
        <button type="button" className="icon-button" aria-label="Next month" onClick={() => onMonth(addMonths(month, 1))}>
          <ChevronRight aria-hidden size={24} />
        </button>
      </div>
      <table
        className="cal-grid"
        aria-labelledby={titleId}
        onTouchStart={(e) => {
          const t = e.touches[0]
          touch.current = t ? { x: t.clientX, y: t.clientY } : null
        }}
        onTouchEnd={(e) => {
          const start = touch.current
          const t = e.changedTouches[0]
          touch.current = null
          if (!start || !t) return
          const dx = t.clientX - start.x
          const dy = t.clientY - start.y
          if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy) * 1.5) onMonth(addMonths(month, dx < 0 ? 1 : -1))
        }}
      >
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d.short} scope="col" abbr={d.long}>
                <span aria-hidden="true">{d.short.charAt(0)}</span>
                <span className="visually-hidden">{d.long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const cats = marks.get(day) ?? []
                const outside = monthOf(day) !== month
                const cls = ['cal-day']
                if (outside) cls.push('cal-day--outside')
                if (day === today) cls.push('cal-day--today')
                if (day === selected) cls.push('cal-day--selected')
                const count = cats.length
                const label = `${formatLongDay(day)}${day === today ? ', today' : ''}, ${count === 0 ? 'no events' : count === 1 ? '1 event' : `${count} events`}`
                return (
                  <td key={day}>
                    <button
                      type="button"
                      className={cls.join(' ')}
                      aria-label={label}
                      aria-pressed={day === selected}
                      aria-current={day === today ? 'date' : undefined}
                      data-date={day}
                      onClick={() => onSelect(day)}
                    >
                      <span className="cal-day__num" aria-hidden="true">{dayOfMonth(day)}</span>
                      <span className="cal-day__dots" aria-hidden="true">
                        {[...new Set(cats)].slice(0, 3).map((c) => (
                          <span key={c} className={`cal-dot ${categoryClass(c)}`} />
                        ))}
                      </span>
                    </button>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
