// The category tiles (All, Vendors, Viewings, Wallet, Certificates,
// Maintenance, Tenancy; Wallet for landlords only): one is chosen, and the
// calendar shows only its events.
import { CategoryIcon, categoryClass } from './categoryStyle'

export function CategoryTiles({ categories, value, onChange }: { categories: readonly string[]; value: string; onChange: (c: string) => void }) {
  return (
    <div className="cal-tiles" role="group" aria-label="Event types">
      {categories.map((c) => (
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
