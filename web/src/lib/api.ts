// The one API client. Types come from api/openapi.yaml (npm run gen:api), so
// the web app and the server cannot drift apart silently.
import type { UseMutationOptions } from '@tanstack/react-query'
import createClient, { type Middleware } from 'openapi-fetch'
import type { paths, components } from './api-schema'

export type User = components['schemas']['User']
export type ApiErrorBody = components['schemas']['Error']['error']

export const api = createClient<paths>({ baseUrl: '/', credentials: 'same-origin' })

// Listeners told when the server says the session is gone (401), so the app
// signs out wherever the user is (spec 1 section 4: a 401 logs the user out).
type Listener = () => void
const unauthorizedListeners = new Set<Listener>()
export function onUnauthorized(fn: Listener): () => void {
  unauthorizedListeners.add(fn)
  return () => unauthorizedListeners.delete(fn)
}

/** notifyUnauthorized tells the listeners; for calls made outside this client (photo uploads use XMLHttpRequest). */
export function notifyUnauthorized(): void {
  unauthorizedListeners.forEach((fn) => fn())
}

const sessionWatch: Middleware = {
  onResponse({ request, response }) {
    const path = new URL(request.url).pathname
    // The login/verify endpoints answer 401 for wrong credentials; that is
    // not a lost session.
    if (response.status === 401 && !path.startsWith('/api/auth/login') && !path.startsWith('/api/auth/verify')) {
      notifyUnauthorized()
    }
    return response
  },
}
api.use(sessionWatch)

/** ApiError carries the server's error body: code, message and per-field texts. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: Record<string, string>
  constructor(status: number, body: ApiErrorBody | undefined) {
    super(body?.message ?? 'An error was encountered, please contact us if problem persists.')
    this.status = status
    this.code = body?.code ?? 'internal'
    this.fields = body?.fields ?? {}
  }
}

/**
 * unwrap turns an openapi-fetch result into data or a thrown ApiError, so
 * TanStack Query mutations see failures as errors.
 */
export async function unwrap<T>(p: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await p
  if (!response.ok) {
    const body = (error as { error?: ApiErrorBody } | undefined)?.error
    throw new ApiError(response.status, body)
  }
  return data as T
}

/** MutationOptions are what a feature's api hook lets its caller add to a mutation (callbacks), everything but the call itself. */
export type MutationOptions<TData, TVars = void> = Omit<UseMutationOptions<TData, Error, TVars>, 'mutationFn'>
