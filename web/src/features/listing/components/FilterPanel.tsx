// The filter sidebar of /listing: a form whose fields mirror the URL query.
// Submitting hands the new filter back; the page puts it in the URL.
import { useId, useState, type FormEvent } from 'react'
import { Search, RotateCcw } from 'lucide-react'
import {
  MAX_BATHROOM_OPTIONS,
  MAX_BEDROOM_OPTIONS,
  MAX_PRICE_OPTIONS,
  MIN_BATHROOM_OPTIONS,
  MIN_BEDROOM_OPTIONS,
  MIN_PRICE_OPTIONS,
  RADIUS_OPTIONS,
  RENT_CYCLES,
  DEFAULT_RENT_CYCLE,
  SORT_OPTIONS,
  type ListingFilter,
  type ListingSort,
  type Option,
  type RentCycle,
} from '../searchOptions'
import { filterProblem } from '../format'

type Props = {
  /** The filter currently in the URL (the form starts from it). */
  value: ListingFilter
  /** The server's complaint about the search area, shown next to the field. */
  areaError?: string
  onApply: (f: ListingFilter) => void
}

function Select({
  id,
  label,
  value,
  options,
  onChange,
  placeholder,
}: {
  id: string
  label: string
  value: string
  options: readonly Option[]
  onChange: (v: string) => void
  placeholder?: string
}) {
  return (
    <div className="field listing-filter__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

export function FilterPanel({ value, areaError, onApply }: Props) {
  const id = useId()
  const [f, setF] = useState<ListingFilter>(value)
  const [problem, setProblem] = useState('')
  const set = <K extends keyof ListingFilter>(key: K, v: ListingFilter[K]) => {
    setProblem('')
    setF((prev) => ({ ...prev, [key]: v }))
  }
  const hasArea = Boolean(f.searchArea?.trim())
  const sortValue: ListingSort = hasArea ? (f.sort ?? 'nearest') : 'newest'

  function submit(e: FormEvent) {
    e.preventDefault()
    const area = f.searchArea?.trim() ?? ''
    const next: ListingFilter = { ...f, searchArea: area || undefined }
    const byDefault: ListingSort = area ? 'nearest' : 'newest'
    if (!area) next.radius = undefined
    if (next.sort === byDefault || (!area && next.sort === 'nearest')) next.sort = undefined
    const why = filterProblem(next)
    if (why) {
      setProblem(why)
      return
    }
    onApply(next)
  }

  function reset() {
    setProblem('')
    const cleared: ListingFilter = { mine: value.mine }
    setF(cleared)
    onApply(cleared)
  }

  const areaErrId = `${id}-area-err`
  return (
    <form className="listing-filter" onSubmit={submit} aria-label="Search filters" noValidate>
      <div className={`field${areaError ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-area`}>Search area</label>
        <input
          id={`${id}-area`}
          type="search"
          name="searchArea"
          placeholder="e.g. Clapham or SW11"
          autoComplete="off"
          value={f.searchArea ?? ''}
          onChange={(e) => set('searchArea', e.target.value)}
          aria-invalid={areaError ? true : undefined}
          aria-describedby={areaError ? areaErrId : undefined}
        />
        {areaError && (
          <p id={areaErrId} className="field-error" role="alert">
            {areaError}
          </p>
        )}
      </div>
      <Select
        id={`${id}-radius`}
        label="Radius"
        value={f.radius ?? ''}
        options={RADIUS_OPTIONS}
        onChange={(v) => set('radius', v || undefined)}
      />
      <fieldset className="listing-filter__pair">
        <legend>Bedrooms</legend>
        <Select id={`${id}-minbeds`} label="Min beds" value={f.minimumBeds ?? ''} options={MIN_BEDROOM_OPTIONS} onChange={(v) => set('minimumBeds', v || undefined)} />
        <Select id={`${id}-maxbeds`} label="Max beds" value={f.maximumBeds ?? ''} options={MAX_BEDROOM_OPTIONS} onChange={(v) => set('maximumBeds', v || undefined)} />
      </fieldset>
      <fieldset className="listing-filter__pair">
        <legend>Price</legend>
        <div className="listing-filter__cycle" role="radiogroup" aria-label="Rent cycle">
          {RENT_CYCLES.map((c) => (
            <label key={c} className="listing-filter__cycle-option">
              <input
                type="radio"
                name={`${id}-cycle`}
                value={c}
                checked={(f.rentCycle ?? DEFAULT_RENT_CYCLE) === c}
                onChange={() => set('rentCycle', c as RentCycle)}
              />
              <span>{c}</span>
            </label>
          ))}
        </div>
        <Select id={`${id}-minrent`} label="Min price" value={f.minimumRent ?? ''} options={MIN_PRICE_OPTIONS} placeholder="No Min" onChange={(v) => set('minimumRent', v || undefined)} />
        <Select id={`${id}-maxrent`} label="Max price" value={f.maximumRent ?? ''} options={MAX_PRICE_OPTIONS} placeholder="No Max" onChange={(v) => set('maximumRent', v || undefined)} />
      </fieldset>
      <fieldset className="listing-filter__pair">
        <legend>Bathrooms</legend>
        <Select id={`${id}-minbath`} label="Min baths" value={f.minimumBathrooms ?? ''} options={MIN_BATHROOM_OPTIONS} onChange={(v) => set('minimumBathrooms', v || undefined)} />
        <Select id={`${id}-maxbath`} label="Max baths" value={f.maximumBathrooms ?? ''} options={MAX_BATHROOM_OPTIONS} onChange={(v) => set('maximumBathrooms', v || undefined)} />
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select id={`${id}-sort`} value={sortValue} onChange={(e) => set('sort', e.target.value as ListingSort)}>
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value} disabled={o.value === 'nearest' && !hasArea}>
              {o.label}
              {o.value === 'nearest' && !hasArea ? ' (enter an area)' : ''}
            </option>
          ))}
        </select>
      </div>
      {problem && (
        <p className="form-message form-message--error" role="alert">
          {problem}
        </p>
      )}
      <div className="listing-filter__actions">
        <button type="submit" className="button button--block">
          <Search aria-hidden size={18} />
          Search
        </button>
        <button type="button" className="link-button listing-filter__reset" onClick={reset}>
          <RotateCcw aria-hidden size={16} />
          Clear filters
        </button>
      </div>
    </form>
  )
}
