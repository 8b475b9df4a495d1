import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { ActionRow } from './RowActions'
import { LONG_PRESS_MS } from '../rules'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function row(onOpen = vi.fn(), onDelete = vi.fn()) {
  render(
    <ul>
      <ActionRow name="Bedroom 2" onOpen={onOpen} actions={[{ label: 'Delete', danger: true, onSelect: onDelete }]}>
        Bedroom 2
      </ActionRow>
    </ul>,
  )
  return { onOpen, onDelete, open: screen.getByRole('button', { name: 'Bedroom 2' }) }
}

describe('a row with actions (spec 3: press and hold 700 ms)', () => {
  it('a tap opens the row; a press held 700 ms shows the actions instead', () => {
    vi.useFakeTimers()
    const { onOpen, onDelete, open } = row()
    fireEvent.pointerDown(open)
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS - 50))
    fireEvent.pointerUp(open)
    fireEvent.click(open)
    expect(onOpen).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('group', { name: 'Actions for Bedroom 2' })).not.toBeInTheDocument()

    fireEvent.pointerDown(open)
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS))
    fireEvent.pointerUp(open)
    fireEvent.click(open) // the click that ends a long press does not open the row
    expect(onOpen).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('group', { name: 'Actions for Bedroom 2' }).querySelector('button')!)
    expect(onDelete).toHaveBeenCalledTimes(1)
  })

  it('the visible menu button reaches the same actions, for keyboards and screen readers', () => {
    const { onDelete } = row()
    const menu = screen.getByRole('button', { name: 'Actions for Bedroom 2' })
    expect(menu).toHaveAttribute('aria-expanded', 'false')
    fireEvent.click(menu)
    expect(menu).toHaveAttribute('aria-expanded', 'true')
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(onDelete).toHaveBeenCalledTimes(1)
  })
})
