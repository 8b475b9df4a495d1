// Loaded shows a wallet query's three states the same way everywhere: a
// spinner while it loads, the server's message if it failed, else the page.
import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'

export function Loaded<T>({ q, children }: { q: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (q.isPending)
    return (
      <div className="wl-loading">
        <Spinner />
      </div>
    )
  if (q.isError)
    return (
      <p className="form-message form-message--error" role="alert">
        {errorMessage(q.error)}
      </p>
    )
  return <>{children(q.data)}</>
}
