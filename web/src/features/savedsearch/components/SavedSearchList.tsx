// The user's saved searches (Profile > Saved searches): open one (re-runs
// the search), turn its daily e-mail on or off, delete it.
import { useState } from 'react'
import { Link } from 'react-router'
import { Bell, BellOff, Search, Trash2 } from 'lucide-react'
import { useQueryClient } from '@tanstack/react-query'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { FormMessage } from '../../../components/Form'
import { useAuth } from '../../../lib/auth'
import { errorMessage } from '../../../lib/errors'
import { useSavedSearches } from '../api/savedSearches'
import { useDeleteSavedSearch } from '../api/deleteSavedSearch'
import { useSetSavedSearchEmails } from '../api/setSavedSearchEmails'
import type { SavedSearch } from '../api/keys'
import '../savedsearch.css'

const savedOn = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })

export function SavedSearchList() {
  const { user } = useAuth()
  const qc = useQueryClient()
  const list = useSavedSearches(user?.id ?? null)
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null)
  const [deleting, setDeleting] = useState<SavedSearch | null>(null)
  const refresh = () => void qc.invalidateQueries({ queryKey: ['saved-searches'] })
  const remove = useDeleteSavedSearch({
    onSuccess: (d) => {
      setDeleting(null)
      setMessage({ kind: 'success', text: d.message })
      refresh()
    },
    onError: (e) => {
      setDeleting(null)
      setMessage({ kind: 'error', text: errorMessage(e) })
    },
  })
  const emails = useSetSavedSearchEmails({
    onSuccess: (d) => {
      setMessage({ kind: 'success', text: d.message })
      refresh()
    },
    onError: (e) => setMessage({ kind: 'error', text: errorMessage(e) }),
  })

  const items = list.data?.savedSearches ?? []
  return (
    <section className="saved-searches" aria-labelledby="saved-searches-title">
      <h1 id="saved-searches-title" className="page__title">
        Saved searches
      </h1>
      <p className="saved-searches__intro">
        New listings that match a saved search come by e-mail, at most once a day. <Link to="/listing">Search listings</Link> and press
        Save this search to add one.
      </p>
      <div role="status">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {list.isPending ? (
        <p role="status">
          <span className="spinner" aria-hidden /> Fetching data, please wait...
        </p>
      ) : list.isError ? (
        <FormMessage kind="error">{errorMessage(list.error)}</FormMessage>
      ) : items.length === 0 ? (
        <p className="saved-searches__empty">You have no saved searches yet.</p>
      ) : (
        <ul className="saved-searches__list">
          {items.map((s) => (
            <li key={s.id} className="saved-search-card">
              <div className="saved-search-card__text">
                <h2 className="saved-search-card__name">{s.name}</h2>
                <p className="saved-search-card__meta">
                  Saved on {savedOn(s.createdAt)} ·{' '}
                  {s.emails ? (
                    <span className="saved-search-card__on">
                      <Bell aria-hidden size={14} /> Daily e-mail on
                    </span>
                  ) : (
                    <span className="saved-search-card__off">
                      <BellOff aria-hidden size={14} /> E-mails off
                    </span>
                  )}
                </p>
              </div>
              <div className="saved-search-card__actions">
                <Link to={`/listing?${s.query}`} className="button" aria-label={`Open ${s.name}`}>
                  <Search aria-hidden size={18} />
                  Open
                </Link>
                <button
                  type="button"
                  className="button button--outline"
                  disabled={emails.isPending}
                  onClick={() => emails.mutate({ id: s.id, on: !s.emails })}
                  aria-label={s.emails ? `Turn off e-mails for ${s.name}` : `Turn on e-mails for ${s.name}`}
                >
                  {s.emails ? <BellOff aria-hidden size={18} /> : <Bell aria-hidden size={18} />}
                  {s.emails ? 'Turn off e-mails' : 'Turn on e-mails'}
                </button>
                <button type="button" className="button button--outline" onClick={() => setDeleting(s)} aria-label={`Delete ${s.name}`}>
                  <Trash2 aria-hidden size={18} />
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete saved search"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        <p>Delete the saved search &ldquo;{deleting?.name}&rdquo;? Its e-mails stop.</p>
      </ConfirmDialog>
    </section>
  )
}
