// The shared sign screen with a stand-in adapter: the area-neutral rules.
// Each area's own adapter is tested with it in features/contracts
// (SignScreen.test.tsx) and features/inventory (SignReport.test.tsx).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { UseQueryResult } from '@tanstack/react-query'
import { mockApi, renderPage } from '../../test/utils'
import { ApiError } from '../../lib/api'
import { DOC_CHANGED, READ_NEW_VERSION, SignScreen, type SigningAdapter, type SigningState, type SigningTexts } from './SignScreen'

vi.setConfig({ testTimeout: 20_000 }) // typing under a loaded machine, as the areas' sign screen tests

const texts: SigningTexts = {
  title: (first) => (first ? 'Sign and send it' : 'Sign it'),
  backLabel: 'Back',
  nothingToSign: 'Nothing to sign',
  resendLabel: 'Again',
  signIntro: () => 'Sign below.',
  submitLabel: (first) => (first ? 'Send it' : 'Sign it now'),
  empty: 'Sign first',
}

function state(over: Partial<SigningState> = {}): SigningState {
  return {
    status: 'Draft', paymentStatus: 'COMPLETED', documentId: '', documentHash: 'a'.repeat(64), events: [],
    signers: [{ position: 0, stage: 0, role: 'Landlord', name: 'Lara', email: 'lara@example.com', signed: false, signedAt: null, method: '', me: true }],
    canSign: true, verified: true, needsPayment: false, waitingFor: '', message: '', notice: '', ...over,
  }
}

function adapter(s: SigningState, over: Partial<SigningAdapter> = {}): SigningAdapter {
  return {
    state: { isPending: false, isError: false, data: s, refetch: vi.fn() } as unknown as UseQueryResult<SigningState>,
    isFirst: () => true,
    sendCode: vi.fn(async () => ({})),
    verifyCode: vi.fn(async () => s),
    order: vi.fn(async () => { throw new Error('no order') }),
    sign: vi.fn(async () => ({ message: 'Signed!', completed: true })),
    texts,
    ...over,
  }
}

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
  mockApi(() => { throw new Error('no calls expected') })
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('SignScreen (shared)', () => {
  it('hands back at once without a done screen, and refuses an empty signature with the area text', async () => {
    const user = userEvent.setup()
    const onDone = vi.fn()
    const a = adapter(state())
    renderPage(<SignScreen adapter={a} onDone={onDone} />)
    expect(await screen.findByRole('heading', { name: 'Sign and send it' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send it' }))
    expect(await screen.findByText('Sign first')).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Type' }))
    await user.type(screen.getByLabelText('Type your full name'), 'Lara')
    await user.click(screen.getByRole('button', { name: 'Send it' }))
    expect(await screen.findByText('Signed!')).toBeInTheDocument()
    expect(a.sign).toHaveBeenCalledWith({ method: 'type', typed: 'Lara', documentHash: 'a'.repeat(64) })
    expect(onDone).toHaveBeenCalledWith({ message: 'Signed!', completed: true, first: true })
  })

  it('shows the confirmation first when the area has one, and the done screen when it has one', async () => {
    const user = userEvent.setup()
    const onDone = vi.fn()
    const a = adapter(state(), {
      texts: {
        ...texts,
        confirm: { heading: 'Confirm', statement: () => 'I agree.', button: () => 'Go on' },
        done: { heading: 'All done', text: (completed) => (completed ? 'Complete.' : 'Waiting.') },
      },
    })
    renderPage(<SignScreen adapter={a} onDone={onDone} />)
    expect(await screen.findByText('I agree.')).toBeInTheDocument()
    expect(screen.queryByRole('tab', { name: 'Type' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Go on' }))
    await user.click(screen.getByRole('tab', { name: 'Type' }))
    await user.type(screen.getByLabelText('Type your full name'), 'Lara')
    await user.click(screen.getByRole('button', { name: 'Send it' }))
    expect(await screen.findByRole('heading', { name: 'All done' })).toBeInTheDocument()
    expect(screen.getByText('Complete.')).toBeInTheDocument()
    expect(onDone).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(onDone).toHaveBeenCalledWith({ message: 'Signed!', completed: true, first: true })
  })

  it('signs the version it showed, and when it changed meanwhile says so, loads it and takes the reader to read it', async () => {
    const user = userEvent.setup()
    const onDone = vi.fn()
    const onBack = vi.fn()
    const changed = vi.fn()
    const v1 = 'a'.repeat(64)
    const v2 = 'b'.repeat(64)
    let current = state({ documentHash: v1 })
    const refetch = vi.fn(async () => {
      current = state({ documentHash: v2 })
    })
    const a = adapter(current, {
      changed,
      sign: vi.fn(async () => {
        throw new ApiError(409, { code: 'document_changed', message: DOC_CHANGED })
      }),
    })
    a.state = { isPending: false, isError: false, get data() { return current }, refetch } as unknown as UseQueryResult<SigningState>
    renderPage(<SignScreen adapter={a} onDone={onDone} onBack={onBack} />)
    expect(await screen.findByText(v1.slice(0, 12))).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Type' }))
    await user.type(screen.getByLabelText('Type your full name'), 'Lara')
    await user.click(screen.getByRole('button', { name: 'Send it' }))
    await waitFor(() => expect(document.querySelector('.sg__changed')).toHaveTextContent(DOC_CHANGED))
    expect(a.sign).toHaveBeenCalledWith({ method: 'type', typed: 'Lara', documentHash: v1 })
    expect(changed).toHaveBeenCalled()
    expect(refetch).toHaveBeenCalled()
    expect(onDone).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: READ_NEW_VERSION }))
    expect(onBack).toHaveBeenCalled()
  })

  it('shows whom the reader waits for', async () => {
    renderPage(<SignScreen adapter={adapter(state({ canSign: false, waitingFor: 'Waiting for Lara' }))} onDone={vi.fn()} />)
    expect(await screen.findByText('Waiting for Lara')).toBeInTheDocument()
    expect(screen.queryByRole('tab', { name: 'Draw' })).not.toBeInTheDocument()
  })
})
