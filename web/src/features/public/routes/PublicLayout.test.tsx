import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider, createMemoryRouter } from 'react-router'
import PublicLayout from './PublicLayout'
import { mockApi, reply } from '../../../test/utils'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})


function at(path: string) {
  mockApi(() => reply(200, { supportEmail: 'support@omnirent.co.uk', dataProtectionNumber: 'ZB000000' }))
  const router = createMemoryRouter(
    [{ element: <PublicLayout />, children: [{ path: '/Blog', element: <p>list</p> }, { path: '/Blog/:slug', element: <p>post</p> }, { path: '/about-us', element: <p>about</p> }] }],
    { initialEntries: [path] },
  )
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

describe('PublicLayout', () => {
  it('keeps Blog highlighted on a post', async () => {
    at('/Blog/deposit-protection')
    expect(await screen.findByText('post')).toBeInTheDocument()
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page')
  })

  it('highlights nothing on a page outside the menu', async () => {
    at('/about-us')
    expect(await screen.findByText('about')).toBeInTheDocument()
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Blog' })).not.toHaveAttribute('aria-current')
  })
})
