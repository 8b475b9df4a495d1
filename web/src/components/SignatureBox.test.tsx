import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { NO_FILE, NOT_AN_IMAGE, SignatureBox, TYPED_TOO_LONG, type SignatureValue } from './SignatureBox'

beforeEach(() => {
  // jsdom has no canvas: the Draw tab says so and the other tabs work.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function open() {
  const onChange = vi.fn<(v: SignatureValue | null) => void>()
  render(<SignatureBox onChange={onChange} />)
  const last = () => onChange.mock.calls.at(-1)?.[0]
  return { onChange, last }
}

describe('SignatureBox', () => {
  it('offers Draw, Type and Upload tabs, Draw first, and reports nothing while empty', () => {
    const { last } = open()
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['Draw', 'Type', 'Upload'])
    expect(screen.getByRole('tab', { name: 'Draw' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('img', { name: 'Signature drawing area' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled()
    expect(last()).toBeNull()
  })

  it('reports the typed name and previews it', async () => {
    const user = userEvent.setup()
    const { last } = open()
    await user.click(screen.getByRole('tab', { name: 'Type' }))
    await user.type(screen.getByLabelText('Type your full name'), '  Lara Lord ')
    expect(last()).toEqual({ method: 'type', typed: 'Lara Lord' })
    expect(screen.getByRole('img', { name: 'Signature preview: Lara Lord' })).toHaveTextContent('Lara Lord')
    // Back on Draw, nothing is drawn: nothing to sign with.
    await user.click(screen.getByRole('tab', { name: 'Draw' }))
    expect(last()).toBeNull()
    await user.click(screen.getByRole('tab', { name: 'Type' }))
    expect(last()).toEqual({ method: 'type', typed: 'Lara Lord' })
  })

  it('refuses a typed name over 45 characters', async () => {
    const user = userEvent.setup()
    const { last } = open()
    await user.click(screen.getByRole('tab', { name: 'Type' }))
    const input = screen.getByLabelText('Type your full name')
    await user.type(input, 'a'.repeat(45))
    expect(screen.queryByText(TYPED_TOO_LONG)).not.toBeInTheDocument()
    expect(last()).toEqual({ method: 'type', typed: 'a'.repeat(45) })
    await user.type(input, 'b')
    expect(screen.getByText('No more than 45 characters')).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(last()).toBeNull()
    await user.type(input, '{Backspace}')
    expect(screen.queryByText(TYPED_TOO_LONG)).not.toBeInTheDocument()
  })

  it('says when an uploaded file is not an image', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const { last } = open()
    await user.click(screen.getByRole('tab', { name: 'Upload' }))
    expect(screen.getByText(NO_FILE)).toBeInTheDocument()
    const input = screen.getByLabelText(/Choose image/)
    expect(input).toHaveAttribute('accept', 'image/*')
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    expect(await screen.findByText('Please upload an image')).toBeInTheDocument()
    expect(screen.getByText('notes.txt')).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: 'Uploaded signature preview' })).not.toBeInTheDocument()
    expect(last()).toBeNull()
  })

  it('previews and reports an uploaded image', async () => {
    const user = userEvent.setup()
    const { last } = open()
    await user.click(screen.getByRole('tab', { name: 'Upload' }))
    await user.upload(screen.getByLabelText(/Choose image/), new File([new Uint8Array([137, 80, 78, 71])], 'sig.png', { type: 'image/png' }))
    expect(await screen.findByRole('img', { name: 'Uploaded signature preview' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/))
    expect(screen.getByText('sig.png')).toBeInTheDocument()
    expect(screen.queryByText(NOT_AN_IMAGE)).not.toBeInTheDocument()
    await waitFor(() => expect(last()).toEqual({ method: 'upload', image: expect.stringMatching(/^data:image\/png;base64,/) }))
  })
})
