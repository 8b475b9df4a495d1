import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MonthGrid, type DayMarks } from './MonthGrid'

afterEach(cleanup)

function grid(marks: DayMarks = new Map(), selected: string | null = null) {
  const onMonth = vi.fn()
  const onSelect = vi.fn()
  render(<MonthGrid month="2026-07" today="2026-07-07" selected={selected} marks={marks} onMonth={onMonth} onSelect={onSelect} />)
  return { onMonth, onSelect }
}

describe('MonthGrid', () => {
  it('shows the month Monday first and marks today', () => {
    grid()
    expect(screen.getByRole('heading', { name: 'July 2026' })).toBeInTheDocument()
    const heads = screen.getAllByRole('columnheader').map((th) => th.getAttribute('abbr'))
    expect(heads).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
    const today = screen.getByRole('button', { name: /Tuesday 7 July 2026, today/ })
    expect(today).toHaveAttribute('aria-current', 'date')
    expect(screen.getByRole('button', { name: /Wednesday 8 July 2026/ })).not.toHaveAttribute('aria-current')
    // Days of the neighbouring months fill the first and last weeks.
    expect(screen.getByRole('button', { name: /Monday 29 June 2026/ })).toHaveClass('cal-day--outside')
  })

  it('dots the days with events, one dot per type, and says how many', () => {
    const marks: DayMarks = new Map([
      ['2026-07-14', ['Viewings', 'Viewings', 'Maintenance']],
      ['2026-07-21', ['Viewings']],
    ])
    grid(marks)
    const busy = screen.getByRole('button', { name: 'Tuesday 14 July 2026, 3 events' })
    expect(busy.querySelectorAll('.cal-dot')).toHaveLength(2)
    expect(busy.querySelector('.cal-cat--viewings')).not.toBeNull()
    expect(busy.querySelector('.cal-cat--maintenance')).not.toBeNull()
    expect(screen.getByRole('button', { name: 'Tuesday 21 July 2026, 1 event' }).querySelectorAll('.cal-dot')).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Wednesday 15 July 2026, no events' }).querySelectorAll('.cal-dot')).toHaveLength(0)
  })

  it('moves between months with the arrows and a sideways swipe', () => {
    const { onMonth } = grid()
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }))
    expect(onMonth).toHaveBeenLastCalledWith('2026-08')
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }))
    expect(onMonth).toHaveBeenLastCalledWith('2026-06')

    const table = screen.getByRole('table')
    // A swipe to the left shows the next month...
    fireEvent.touchStart(table, { touches: [{ clientX: 300, clientY: 100 }] })
    fireEvent.touchEnd(table, { changedTouches: [{ clientX: 180, clientY: 110 }] })
    expect(onMonth).toHaveBeenLastCalledWith('2026-08')
    // ...to the right the previous one; a mostly vertical move is a scroll, not a swipe.
    fireEvent.touchStart(table, { touches: [{ clientX: 100, clientY: 100 }] })
    fireEvent.touchEnd(table, { changedTouches: [{ clientX: 220, clientY: 100 }] })
    expect(onMonth).toHaveBeenLastCalledWith('2026-06')
    onMonth.mockClear()
    fireEvent.touchStart(table, { touches: [{ clientX: 100, clientY: 100 }] })
    fireEvent.touchEnd(table, { changedTouches: [{ clientX: 160, clientY: 300 }] })
    expect(onMonth).not.toHaveBeenCalled()
  })

  it('picks a day', () => {
    const { onSelect } = grid(new Map(), '2026-07-09')
    expect(screen.getByRole('button', { name: /Thursday 9 July 2026/ })).toHaveAttribute('aria-pressed', 'true')
    fireEvent.click(screen.getByRole('button', { name: /Friday 10 July 2026/ }))
    expect(onSelect).toHaveBeenCalledWith('2026-07-10')
  })
})
