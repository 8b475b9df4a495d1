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

  const signOut = useCallback(async () => {
    try {
      await api.POST('/api/auth/logout')
    } finally {
      // Everything cached belonged to the old user.
      qc.clear()
      qc.setQueryData(meQueryKey, null)
    }
  }, [qc])

  useEffect(() => onUnauthorized(() => {
    if (qc.getQueryData(meQueryKey)) {
      qc.clear()
      qc.setQueryData(meQueryKey, null)
    }
  }), [qc])

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
