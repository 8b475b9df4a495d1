// "Save this search" on the search page (signed in): a dialog that names
// the search (the filters' description by default) and saves it; new
// listings then come by e-mail at most once a day.
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { BellPlus } from 'lucide-react'
import { useQueryClient } from '@tanstack/react-query'
import { Dialog } from '../../../components/Dialog'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { ApiError } from '../../../lib/api'
import { useCreateSavedSearch } from '../api/createSavedSearch'

/** NAME_MAX is the longest name the server accepts (api/openapi.yaml SavedSearchRequest). */
export const NAME_MAX = 80

type Props = {
  /** query is the search's API parameters (what GET /api/listings takes). */
  query: string
  /** defaultName describes the filters ("SW11, 2+ beds"). */
  defaultName: string
  disabled?: boolean
}

export function SaveSearchButton({ query, defaultName, disabled }: Props) {
  const [open, setOpen] = useState(false)
  const [saved, setSaved] = useState('')
  return (
    <>
      <button type="button" className="button button--outline save-search__button" onClick={() => setOpen(true)} disabled={disabled}>
        <BellPlus aria-hidden size={18} />
        Save this search
      </button>
      <div role="status" className="save-search__status">
        {saved && (
          <p className="form-message form-message--success">
            {saved} <Link to="/profile/saved-searches">See your saved searches</Link>
          </p>
        )}
      </div>
      <Dialog open={open} onClose={() => setOpen(false)} title="Save this search">
        <SaveForm
          query={query}
          defaultName={defaultName}
          onCancel={() => setOpen(false)}
          onSaved={(text) => {
            setOpen(false)
            setSaved(text)
          }}
        />
      </Dialog>
    </>
  )
}

function SaveForm({ query, defaultName, onCancel, onSaved }: { query: string; defaultName: string; onCancel: () => void; onSaved: (text: string) => void }) {
  const qc = useQueryClient()
  const [name, setName] = useState(defaultName.slice(0, NAME_MAX))
  const save = useCreateSavedSearch({
    onSuccess: (data) => {
      void qc.invalidateQueries({ queryKey: ['saved-searches'] })
      onSaved(data.message)
    },
  })
  const error = save.error instanceof ApiError ? save.error : save.error ? new ApiError(0, undefined) : null
  const nameError = error?.fields.name

  function submit(e: FormEvent) {
    e.preventDefault()
    if (save.isPending) return
    save.mutate({ name: name.trim(), query })
  }

  return (
    <form className="save-search" onSubmit={submit} noValidate>
      <p className="save-search__intro">We will e-mail you the listings published since the last e-mail, at most once a day. Every e-mail has a link to stop them.</p>
      <Field id="save-search-name" label="Name" error={nameError} hint="Leave it as it is to name the search after its filters.">
        <input
          id="save-search-name"
          type="text"
          value={name}
          maxLength={NAME_MAX}
          onChange={(e) => {
            setName(e.target.value)
            if (save.isError) save.reset()
          }}
          aria-describedby={describedBy('save-search-name', { hint: true, error: nameError })}
          aria-invalid={nameError ? true : undefined}
        />
      </Field>
      {error && !nameError && <FormMessage kind="error">{error.message}</FormMessage>}
      <div className="save-search__actions">
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? <ButtonSpinner /> : <BellPlus aria-hidden size={18} />}
          Save search
        </button>
      </div>
    </form>
  )
}
