// The signed-in user, read from GET /api/auth/session and kept in TanStack Query.
// The session itself is an HttpOnly cookie the script never sees.
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { api, onUnauthorized, type User } from './api'

export const meQueryKey = ['auth', 'me'] as const

async function fetchMe(): Promise<User | null> {
  const { data, response } = await api.GET('/api/auth/session')
  if (!response.ok || !data) throw new Error('Could not load the session')
  return data.user ?? null
}

type AuthState = {
  user: User | null
  loading: boolean
  /** setUser stores the user returned by login/verify/account updates. */
  setUser: (u: User | null) => void
  /** signOut ends the session on the server and forgets the user here. */
  signOut: () => Promise<void>
}

const AuthContext = createContext<AuthState | null>(null)

export function AuthProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient()
  const me = useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000, retry: false })

  const setUser = useCallback((u: User | null) => qc.setQueryData(meQueryKey, u), [qc])

  // forget drops the user and everything cached for them. The session query
  // itself is set to null rather than removed: removing it would detach the
  // observer above, and the app would never learn it is signed out.
  const forget = useCallback(() => {
    qc.setQueryData(meQueryKey, null)
    qc.removeQueries({ predicate: (q) => !(q.queryKey[0] === meQueryKey[0] && q.queryKey[1] === meQueryKey[1]) })
  }, [qc])

  const signOut = useCallback(async () => {
    try {
      await api.POST('/api/auth/logout')
    } finally {
      forget()
    }
  }, [forget])

  useEffect(
    () =>
      onUnauthorized(() => {
        if (qc.getQueryData(meQueryKey)) forget()
      }),
    [qc, forget],
  )

  const value = useMemo<AuthState>(
    () => ({ user: me.data ?? null, loading: me.isPending, setUser, signOut }),
    [me.data, me.isPending, setUser, signOut],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

// eslint-disable-next-line react-refresh/only-export-components
export function useAuth(): AuthState {
  const ctx = useContext(AuthContext)
  if (!ctx) throw new Error('useAuth outside AuthProvider')
  return ctx
}
