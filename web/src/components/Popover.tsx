// A small non-modal pop-up anchored to its trigger button (landing search
// filters). The button reports aria-expanded; Escape or a click outside closes
// the panel, and Escape returns focus to the button.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { ChevronDown } from 'lucide-react'
import './popover.css'

type Props = {
  /** Short name shown on the trigger and used as the panel's accessible name. */
  label: string
  /** Current choice shown under the label, e.g. "Any" or "2-3 beds". */
  value: string
  align?: 'start' | 'end'
  className?: string
  children: (close: () => void) => ReactNode
}

export function Popover({ label, value, align = 'start', className, children }: Props) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    // Move focus into the panel so keyboard users land on its first control.
    panelRef.current?.querySelector<HTMLElement>('select, input, button')?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault()
        setOpen(false)
        buttonRef.current?.focus()
      }
    }
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false)
    }
    // Focus moving elsewhere (Tab, or a click on another control) closes the
    // panel. A click on plain text inside the panel may focus a container
    // around it (e.g. <main tabindex=-1>): that is not leaving.
    const onFocus = (e: FocusEvent) => {
      const root = rootRef.current
      const t = e.target
      if (root && t instanceof Node && !root.contains(t) && !t.contains(root)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('focusin', onFocus)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('focusin', onFocus)
    }
  }, [open])

  const close = () => {
    setOpen(false)
    buttonRef.current?.focus()
  }

  return (
    <div ref={rootRef} className={['popover', className ?? ''].filter(Boolean).join(' ')}>
      <button
        ref={buttonRef}
        type="button"
        className="popover__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="popover__text">
          <span className="popover__label">{label}</span>
          <span className="popover__value">{value}</span>
        </span>
        <ChevronDown aria-hidden size={18} className="popover__chevron" />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-label={label}
        className={`popover__panel popover__panel--${align}`}
        hidden={!open}
      >
        {open ? children(close) : null}
      </div>
    </div>
  )
}
