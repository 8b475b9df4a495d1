// The overview's period selector (1M, 3M, 1Y, 3Y) and filter menu (All,
// Income, Expenses, Amounts recoverable), spec 3 "Wallet" and section 9.
// Both are kept in the address so a reload or a link shows the same view.
import { ListFilter } from 'lucide-react'
import { MenuButton } from './Menu'

export const PERIODS = ['1M', '3M', '1Y', '3Y'] as const
export type Period = (typeof PERIODS)[number]

export const PERIOD_NAMES: Record<Period, string> = {
  '1M': 'the last month',
  '3M': 'the last 3 months',
  '1Y': 'the last year',
  '3Y': 'the last 3 years',
}

export const FILTERS = ['all', 'income', 'expenses', 'recoverable'] as const
export type Filter = (typeof FILTERS)[number]

export const FILTER_LABELS: Record<Filter, string> = {
  all: 'All',
  income: 'Income',
  expenses: 'Expenses',
  recoverable: 'Amounts recoverable',
}

export function parsePeriod(s: string | null): Period {
  return PERIODS.find((p) => p === s) ?? '1M'
}

export function parseFilter(s: string | null): Filter {
  return FILTERS.find((f) => f === s) ?? 'all'
}

export function PeriodSelector({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  return (
    <div className="wl-periods" role="group" aria-label="Period">
      {PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          className={`wl-periods__item${p === value ? ' is-active' : ''}`}
          aria-pressed={p === value}
          title={`Show ${PERIOD_NAMES[p]}`}
          onClick={() => onChange(p)}
        >
          {p}
        </button>
      ))}
    </div>
  )
}

export function FilterMenu({ value, onChange }: { value: Filter; onChange: (f: Filter) => void }) {
  return (
    <MenuButton
      label="Filter transactions"
      shown={FILTER_LABELS[value]}
      radio
      className="wl-filter"
      items={FILTERS.map((f) => ({ key: f, label: FILTER_LABELS[f], checked: f === value, onSelect: () => onChange(f) }))}
    >
      <ListFilter aria-hidden size={18} />
      <span>{FILTER_LABELS[value]}</span>
    </MenuButton>
  )
}
