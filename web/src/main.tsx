// Base styles first: feature stylesheets (some in the main bundle) override them.
import './index.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
// The DOM RouterProvider supports flushSync navigations (used by sign-out).
import { RouterProvider } from 'react-router/dom'
import { AuthProvider } from './lib/auth'
import { router } from './app/router'

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
)
