// A small menu button (the plus menu and the filter menu): the button
// reports aria-expanded; the list opens below it, arrow keys move between
// its items, Escape or a click outside closes it and gives the focus back.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

export type MenuItem = { key: string; label: string; checked?: boolean; onSelect: () => void }

type Props = {
  /** label names the menu, and the button unless `shown` is given. */
  label: string
  /**
   * shown is the text the button's face shows (the filter chosen): the
   * button is then named `label: shown`, so its name holds what a person
   * sees on it (WCAG 2.5.3, label in name).
   */
  shown?: string
  /** children draw the button's face (icon, text). */
  children: ReactNode
  items: MenuItem[]
  /** radio: the items are choices of which one is checked (the filter). */
  radio?: boolean
  align?: 'start' | 'end'
  className?: string
}

export function MenuButton({ label, shown, children, items, radio, align = 'end', className }: Props) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLUListElement>(null)

  useEffect(() => {
    if (!open) return
    const first = list.current?.querySelector<HTMLElement>('[aria-checked="true"]') ?? list.current?.querySelector<HTMLElement>('[role^="menuitem"]')
    first?.focus()
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  const close = () => {
    setOpen(false)
    button.current?.focus()
  }

  const onKeyDown = (e: React.KeyboardEvent) => {
    const els = Array.from(list.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])
    const at = els.indexOf(document.activeElement as HTMLElement)
    if (e.key === 'Escape') {
      e.preventDefault()
      close()
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const next = (at + (e.key === 'ArrowDown' ? 1 : -1) + els.length) % els.length
      els[next]?.focus()
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault()
      els[e.key === 'Home' ? 0 : els.length - 1]?.focus()
    } else if (e.key === 'Tab') {
      setOpen(false)
    }
  }

  return (
    <div ref={root} className={['wl-menu', className ?? ''].filter(Boolean).join(' ')}>
      <button
        ref={button}
        type="button"
        className="wl-menu__button"
        aria-label={shown ? `${label}: ${shown}` : label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault()
            setOpen(true)
          }
        }}
      >
        {children}
      </button>
      {open ? (
        <ul ref={list} id={id} role="menu" aria-label={label} className={`wl-menu__list wl-menu__list--${align}`} onKeyDown={onKeyDown}>
          {items.map((it) => (
            <li key={it.key} role="none">
              <button
                type="button"
                role={radio ? 'menuitemradio' : 'menuitem'}
                aria-checked={radio ? Boolean(it.checked) : undefined}
                tabIndex={-1}
                className={`wl-menu__item${it.checked ? ' is-checked' : ''}`}
                onClick={() => {
                  close()
                  it.onSelect()
                }}
              >
                {it.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
