import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import ErrorScreen from './ErrorScreen'

afterEach(cleanup)

function Broken(): never {
  throw new Error('render failed')
}

describe('ErrorScreen', () => {
  it('replaces a page that fails to render with the spec texts and Go Home', async () => {
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorScreen /> }])
    const quiet = console.error
    console.error = () => {} // React logs the thrown error; it is expected here
    try {
      render(<RouterProvider router={router} />)
      expect(await screen.findByRole('heading', { name: 'Oh no! Something went wrong!' })).toBeInTheDocument()
    } finally {
      console.error = quiet
    }
    expect(screen.getByText("Don't worry, our best detectives are on the case!")).toBeInTheDocument()
    expect(screen.getByText("Meanwhile, why don't you try again")).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeEnabled()
  })
})
