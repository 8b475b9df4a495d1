// The landing page's listing search (spec 1 section 2.1): an area, bedroom and
// price pop-ups, and Search, which opens /listings with those filters.
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { MapPin, Search } from 'lucide-react'
import {
  DEFAULT_RENT_CYCLE,
  MAX_BEDROOM_OPTIONS,
  MAX_PRICE_OPTIONS,
  MIN_BEDROOM_OPTIONS,
  MIN_PRICE_OPTIONS,
  RENT_CYCLES,
  bedRank,
  describeBeds,
  describeRent,
  listingSearchPath,
  rentRank,
  type RentCycle,
} from '../searchOptions'
import { Popover } from '../../../components/Popover'
import './searchBanner.css'

export function SearchBanner() {
  const navigate = useNavigate()
  const [searchArea, setSearchArea] = useState('')
  const [minimumBeds, setMinimumBeds] = useState('')
  const [maximumBeds, setMaximumBeds] = useState('')
  const [rentCycle, setRentCycle] = useState<RentCycle>(DEFAULT_RENT_CYCLE)
  const [minimumRent, setMinimumRent] = useState('')
  const [maximumRent, setMaximumRent] = useState('')

  const minBed = bedRank(minimumBeds)
  const maxBed = bedRank(maximumBeds)
  const minRent = rentRank(minimumRent)
  const maxRent = rentRank(maximumRent)
  const per = rentCycle === 'Weekly' ? 'per week' : 'per month'

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    navigate(listingSearchPath({ searchArea, minimumBeds, maximumBeds, rentCycle, minimumRent, maximumRent }))
  }

  return (
    <form className="search" role="search" aria-label="Search homes to rent" onSubmit={onSubmit}>
      <div className="search__area">
        <label htmlFor="search-area" className="search__area-label">
          Search area
        </label>
        <div className="search__input-wrap">
          <MapPin aria-hidden size={20} className="search__input-icon" />
          <input
            id="search-area"
            name="searchArea"
            type="text"
            className="search__input"
            placeholder="e.g. Clapham or SW11"
            autoComplete="off"
            value={searchArea}
            onChange={(e) => setSearchArea(e.target.value)}
          />
        </div>
      </div>

      <Popover label="Bedrooms" value={describeBeds(minimumBeds, maximumBeds) || 'Any'} className="search__pop">
        {(close) => (
          <div className="pop-form">
            <div className="pop-form__row">
              <div className="field">
                <label htmlFor="min-beds">Min bedrooms</label>
                <select id="min-beds" value={minimumBeds} onChange={(e) => setMinimumBeds(e.target.value)}>
                  {MIN_BEDROOM_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value} disabled={o.value !== '' && maxBed !== undefined && bedRank(o.value)! > maxBed}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="max-beds">Max bedrooms</label>
                <select id="max-beds" value={maximumBeds} onChange={(e) => setMaximumBeds(e.target.value)}>
                  {MAX_BEDROOM_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value} disabled={o.value !== '' && minBed !== undefined && bedRank(o.value)! < minBed}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <button type="button" className="button button--block" onClick={close}>
              Done
            </button>
          </div>
        )}
      </Popover>

      <Popover
        label="Price"
        value={describeRent(minimumRent, maximumRent, rentCycle) || `Any (${rentCycle === 'Weekly' ? 'pcw' : 'pcm'})`}
        align="end"
        className="search__pop"
      >
        {(close) => (
          <div className="pop-form">
            <fieldset className="cycle">
              <legend>Rent is shown</legend>
              <div className="cycle__options">
                {RENT_CYCLES.map((c) => (
                  <label key={c} className="cycle__option">
                    <input type="radio" name="rentCycle" value={c} checked={rentCycle === c} onChange={() => setRentCycle(c)} />
                    <span>{c}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="pop-form__row">
              <div className="field">
                <label htmlFor="min-price">Min price</label>
                <select id="min-price" aria-describedby="price-per" value={minimumRent} onChange={(e) => setMinimumRent(e.target.value)}>
                  <option value="">No Min</option>
                  {MIN_PRICE_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value} disabled={maxRent !== undefined && rentRank(o.value)! > maxRent}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="max-price">Max price</label>
                <select id="max-price" aria-describedby="price-per" value={maximumRent} onChange={(e) => setMaximumRent(e.target.value)}>
                  <option value="">No Max</option>
                  {MAX_PRICE_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value} disabled={minRent !== undefined && rentRank(o.value)! < minRent}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <p id="price-per" className="pop-form__hint">
              Prices {per}.
            </p>
            <button type="button" className="button button--block" onClick={close}>
              Done
            </button>
          </div>
        )}
      </Popover>

      <button type="submit" className="button search__submit">
        <Search aria-hidden size={20} />
        Search
      </button>
    </form>
  )
}
