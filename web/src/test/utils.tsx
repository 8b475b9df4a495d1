// Helpers for the form tests: a router + query client + auth provider around a
// page, and canned API answers (api.GET / api.POST are spied on, so no real
// network is touched).
import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router'
import { vi } from 'vitest'
import { api } from '../lib/api'
import { AuthProvider, useAuth } from '../lib/auth'

export type Reply = { data?: unknown; error?: unknown; response: Response }

export function reply(status: number, body?: unknown): Reply {
  const response = new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
  return status < 400 ? { data: body, response } : { error: body, response }
}

export function apiError(status: number, code: string, message: string, fields?: Record<string, string>): Reply {
  return reply(status, { error: { code, message, ...(fields ? { fields } : {}) } })
}

type Handler = (path: string, init: { body?: unknown } | undefined) => Reply | Promise<Reply>

/** mockApi routes api.GET and api.POST/PATCH calls to handler; GET /api/auth/session answers me (null: a visitor). */
/** sampleCatalogue is the server's catalogue as tests serve it (GET /api/catalogue). */
export const sampleCatalogue = {
  products: [{ product: 'instant-reference-check', name: 'Instant reference check', pence: 899, wasPence: 1799 }],
  uploads: { imageMaxBytes: 5 * 1024 * 1024, imageMaxPixels: 25_000_000, imageTypes: ['image/png', 'image/jpeg'], photosPerProperty: 10 },
  referenceCheck: { maxRenters: 10, product: 'instant-reference-check' },
}

export function mockApi(handler: Handler, me: unknown = null) {
  const get = vi.spyOn(api, 'GET').mockImplementation((async (path: string, init?: { body?: unknown }) => {
    if (path === '/api/auth/session') return reply(200, { user: me ?? null })
    if (path === '/api/catalogue') return reply(200, sampleCatalogue)
    return handler(path, init)
  }) as never)
  const post = vi.spyOn(api, 'POST').mockImplementation((async (path: string, init?: { body?: unknown }) => handler(path, init)) as never)
  const patch = vi.spyOn(api, 'PATCH').mockImplementation((async (path: string, init?: { body?: unknown }) => handler(path, init)) as never)
  return { get, post, patch }
}

/** Where shows the current path and the signed-in user's name, for assertions after navigation. */
function Where({ label }: { label: string }) {
  const loc = useLocation()
  const { user } = useAuth()
  return (
    <p>
      {label} at {loc.pathname} for {user?.fullName ?? 'nobody'}
    </p>
  )
}

export function renderPage(
  element: ReactNode,
  { path = '/page', initialEntries }: { path?: string; initialEntries?: Array<string | { pathname: string; state?: unknown }> } = {},
) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/dashboard', element: <Where label="Dashboard" /> },
      { path: '/after', element: <Where label="After" /> },
      { path: '*', element: <Where label="Elsewhere" /> },
    ],
    { initialEntries: initialEntries ?? [path] },
  )
  const utils = render(
    <QueryClientProvider client={qc}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  )
  return { ...utils, router, qc }
}

/** jsdom has no modal dialogs; enough of one for the Dialog component. */
export function polyfillDialog() {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal?: () => void }
  if (!proto.showModal) {
    proto.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '')
    }
    proto.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open')
      this.dispatchEvent(new Event('close'))
    }
  }
}

export const sampleUser = {
  id: 'u1',
  email: 'ann@example.com',
  fullName: 'Ann Example',
  userType: 'Landlord' as const,
  role: 'User' as const,
  hasProperties: true,
}
