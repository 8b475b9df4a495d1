// Dialog is the one modal of the app, built on the native <dialog> element:
// focus is trapped and Escape closes it for free. A click on the backdrop or
// the close icon closes it too (spec 1 section 2.2).
import { useEffect, useRef, type DialogHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react'
import { X } from 'lucide-react'
import './dialog.css'

type Props = {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  /** wide suits long texts such as the legal pop-ups. */
  wide?: boolean
}

export function Dialog({ open, onClose, title, children, wide }: Props) {
  return (
    <Modal open={open} onClose={onClose} className={wide ? 'dialog dialog--wide' : 'dialog'} aria-label={title}>
      <div className="dialog__body">
        <div className="dialog__head">
          <h2 className="dialog__title">{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <X aria-hidden size={22} />
          </button>
        </div>
        {open ? children : null}
      </div>
    </Modal>
  )
}

type ModalProps = {
  open: boolean
  onClose: () => void
  children: ReactNode
} & Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'onClose' | 'onClick' | 'children'>

/**
 * Modal is the native modal <dialog> every pop-up and drawer is built on
 * (Dialog, the shell's menu drawer, the admin drawer): shown while open,
 * closed by Escape, by a click on the backdrop, or by its owner.
 */
export function Modal({ open, onClose, children, ...rest }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (open && !d.open) d.showModal?.()
    if (!open && d.open) d.close?.()
  }, [open])
  return (
    <dialog
      ref={ref}
      {...rest}
      onClose={(e) => {
        // A dialog opened inside this one (a confirmation) closes too: React
        // passes its close event up the component tree, which closed this
        // one as well (the calendar feed's reset closed the whole dialog).
        if (e.target === e.currentTarget) onClose()
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose()
      }}
      onKeyDown={(e) => {
        rest.onKeyDown?.(e)
        if (e.key === 'Tab' && ref.current) keepFocusInside(ref.current, e)
      }}
    >
      {children}
    </dialog>
  )
}

const focusable = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * keepFocusInside wraps Tab from the last control to the first (and
 * Shift+Tab from the first to the last): a native modal dialog would let the
 * keyboard leave for the browser's own controls.
 */
function keepFocusInside(dialog: HTMLDialogElement, e: KeyboardEvent) {
  const items = Array.from(dialog.querySelectorAll<HTMLElement>(focusable)).filter(
    (el) => el.getClientRects().length > 0 && !el.closest('[inert]') && el.closest('dialog') === dialog,
  )
  if (items.length === 0) return
  const first = items[0]
  const last = items[items.length - 1]
  const active = document.activeElement
  if (e.shiftKey && (active === first || !dialog.contains(active))) {
    e.preventDefault()
    last.focus()
  } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
    e.preventDefault()
    first.focus()
  }
}
