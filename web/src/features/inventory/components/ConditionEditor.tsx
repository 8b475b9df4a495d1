// A condition block (spec 3 section 3): the rating row (Fine, Dusty, Dirty,
// Marked, Damaged), the description and the photos.
import { useId } from 'react'
import type { Condition } from '../api/keys'
import { RATINGS, type PhotoTarget } from '../rules'
import { PhotoSet } from './Photos'

type Props = {
  value: Condition
  /** onChange gets the fields that changed (merged into the latest data by the screen). */
  onChange: (patch: Partial<Condition>) => void
  target: PhotoTarget
  label: string
  rating?: boolean
  /** ratingOnly shows the rating row alone (an item keeps its words and photos in its own fields). */
  ratingOnly?: boolean
}

export function ConditionEditor({ value, onChange, target, label, rating = true, ratingOnly = false }: Props) {
  const id = useId()
  return (
    <div className="inv-condition">
      {rating ? (
        <fieldset className="inv-fieldset">
          <legend>Condition</legend>
          <div className="inv-chips">
            {RATINGS.map((r) => (
              <button key={r} type="button" className={`inv-chip inv-chip--${r.toLowerCase()}${value.rating === r ? ' is-active' : ''}`} aria-pressed={value.rating === r}
                onClick={() => onChange({ rating: value.rating === r ? '' : r })}>
                {r}
              </button>
            ))}
          </div>
        </fieldset>
      ) : null}
      {ratingOnly ? null : (
        <>
      <div className="field">
        <label htmlFor={`${id}-desc`}>Description</label>
        <textarea id={`${id}-desc`} rows={3} maxLength={5000} value={value.description} onChange={(e) => onChange({ description: e.target.value })} />
      </div>
      <PhotoSet target={target} names={value.photos} label={`${label} photos`} onRemove={(n) => onChange({ photos: value.photos.filter((x) => x !== n) })} />
        </>
      )}
    </div>
  )
}
