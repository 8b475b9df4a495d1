// The details' small actions menu (spec 1 section 2.8): the filters Action
// needed and Active, and the Edit and Delete modes, in the shared Popover.
import { Check } from 'lucide-react'
import { Popover } from '../../../components/Popover'

export type Filter = 'all' | 'action' | 'active'
export type Mode = 'view' | 'edit' | 'delete'

const FILTERS: Array<{ key: Filter; label: string }> = [
  { key: 'all', label: 'All' },
  { key: 'action', label: 'Action needed' },
  { key: 'active', label: 'Active' },
]

const MODES: Array<{ key: Exclude<Mode, 'view'>; label: string }> = [
  { key: 'edit', label: 'Edit' },
  { key: 'delete', label: 'Delete' },
]

export function describe(filter: Filter, mode: Mode): string {
  const f = filter === 'all' ? 'Showing all' : FILTERS.find((x) => x.key === filter)!.label
  if (mode === 'edit') return `${f} · Edit`
  if (mode === 'delete') return `${f} · Delete`
  return f
}

type Props = {
  filter: Filter
  mode: Mode
  onFilter: (f: Filter) => void
  onMode: (m: Mode) => void
}

export function ActionsMenu({ filter, mode, onFilter, onMode }: Props) {
  return (
    <Popover label="Actions" value={describe(filter, mode)} align="end" className="docs-actions-menu">
      {(close) => (
        <div className="docs-menu">
          <div role="group" aria-label="Show">
            <p className="docs-menu__head">Show</p>
            {FILTERS.map((f) => (
              <button
                key={f.key}
                type="button"
                className="docs-menu__item"
                aria-pressed={filter === f.key}
                onClick={() => {
                  onFilter(f.key)
                  close()
                }}
              >
                <span>{f.label}</span>
                {filter === f.key ? <Check size={18} aria-hidden="true" /> : null}
              </button>
            ))}
          </div>
          <div role="group" aria-label="Mode">
            <p className="docs-menu__head">Mode</p>
            {MODES.map((m) => (
              <button
                key={m.key}
                type="button"
                className="docs-menu__item"
                aria-pressed={mode === m.key}
                onClick={() => {
                  onMode(mode === m.key ? 'view' : m.key)
                  close()
                }}
              >
                <span>{m.label}</span>
                {mode === m.key ? <Check size={18} aria-hidden="true" /> : null}
              </button>
            ))}
          </div>
        </div>
      )}
    </Popover>
  )
}
