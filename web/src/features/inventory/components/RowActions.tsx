// A list row that opens on tap, and whose actions (duplicate, delete, edit)
// show after a press and hold of 700 ms (spec 3 section 9) or, for keyboards
// and screen readers, from the visible menu button on the row.
import { useRef, useState, type ReactNode } from 'react'
import { EllipsisVertical } from 'lucide-react'
import { LONG_PRESS_MS } from '../rules'

export type RowAction = { label: string; onSelect: () => void; danger?: boolean }

type Props = {
  /** name: what the row is called, for the menu button's label. */
  name: string
  onOpen?: () => void
  actions: RowAction[]
  children: ReactNode
}

export function ActionRow({ name, onOpen, actions, children }: Props) {
  const [showing, setShowing] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const held = useRef(false)
  const stop = () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
  }
  return (
    <li className={`inv-row${showing ? ' inv-row--actions' : ''}`}>
      <div className="inv-row__main">
        <button
          type="button"
          className="inv-row__open"
          onPointerDown={() => {
            held.current = false
            stop()
            timer.current = setTimeout(() => {
              held.current = true
              setShowing(true)
            }, LONG_PRESS_MS)
          }}
          onPointerUp={stop}
          onPointerLeave={stop}
          onPointerCancel={stop}
          onContextMenu={(e) => {
            e.preventDefault()
            setShowing(true)
          }}
          onClick={() => {
            if (held.current) {
              held.current = false
              return
            }
            onOpen?.()
          }}
        >
          {children}
        </button>
        <button type="button" className="icon-button inv-row__menu" aria-label={`Actions for ${name}`} aria-expanded={showing} onClick={() => setShowing((s) => !s)}>
          <EllipsisVertical aria-hidden size={20} />
        </button>
      </div>
      {showing ? (
        <div className="inv-row__actions" role="group" aria-label={`Actions for ${name}`}>
          {actions.map((a) => (
            <button key={a.label} type="button" className={`button button--small${a.danger ? ' button--danger' : ' button--outline'}`}
              onClick={() => { setShowing(false); a.onSelect() }}>
              {a.label}
            </button>
          ))}
          <button type="button" className="button button--small button--outline" onClick={() => setShowing(false)}>Done</button>
        </div>
      ) : null}
    </li>
  )
}
