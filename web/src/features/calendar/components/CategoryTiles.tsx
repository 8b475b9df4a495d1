// The category tiles (All, Vendors, Viewings, Wallet, Certificates,
// Maintenance, Tenancy): one is chosen, and the calendar shows only its events.
import { CATEGORIES } from '../rules'
import { CategoryIcon, categoryClass } from './categoryStyle'

export function CategoryTiles({ value, onChange }: { value: string; onChange: (c: string) => void }) {
  return (
    <div className="cal-tiles" role="group" aria-label="Event types">
      {CATEGORIES.map((c) => (
        <button
          key={c}
          type="button"
          className={`cal-tile ${categoryClass(c)}${value === c ? ' is-active' : ''}`}
          aria-pressed={value === c}
          onClick={() => onChange(c)}
        >
          <span className="cal-tile__icon">
            <CategoryIcon category={c} size={20} />
          </span>
          <span className="cal-tile__name">{c}</span>
        </button>
      ))}
    </div>
  )
}
