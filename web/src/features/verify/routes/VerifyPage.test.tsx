import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, renderPage, reply } from '../../../test/utils'
import VerifyPage from './VerifyPage'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const genuine = {
  genuine: true,
  message: 'Genuine',
  documentId: 'OR-2026-0001',
  title: 'Assured Shorthold Tenancy Agreement',
  documentHash: 'ab'.repeat(32),
  completedAt: '2026-11-22T09:30:00Z',
  signers: [
    { role: 'Landlord', name: 'Lara Lord', signedAt: '2026-11-21T10:00:00Z', method: 'draw' },
    { role: 'Tenant', name: 'Tom Tenant', signedAt: '2026-11-22T09:30:00Z', method: 'type' },
  ],
}

describe('VerifyPage', () => {
  it('checks an id and hash and shows a genuine document with its signers', async () => {
    const user = userEvent.setup()
    const { get } = mockApi((path) => (path === '/api/verify' ? reply(200, genuine) : reply(404)))
    renderPage(<VerifyPage />, { path: '/verify' })
    expect(screen.getByRole('heading', { level: 1, name: 'Verify a signed document' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Check the ID and hash' }))
    expect(screen.getByText('Please enter the document reference')).toBeInTheDocument()
    expect(get).not.toHaveBeenCalledWith('/api/verify', expect.anything())

    await user.type(screen.getByLabelText('Document reference'), ' OR-2026-0001 ')
    await user.type(screen.getByLabelText('Document hash'), genuine.documentHash)
    await user.click(screen.getByRole('button', { name: 'Check the ID and hash' }))
    const verdict = await screen.findByRole('region', { name: 'This is a genuine, unaltered document' })
    expect(get).toHaveBeenCalledWith('/api/verify', { params: { query: { documentId: 'OR-2026-0001', hash: genuine.documentHash } } })
    expect(within(verdict).getByText('Assured Shorthold Tenancy Agreement')).toBeInTheDocument()
    expect(within(verdict).getByText('OR-2026-0001')).toBeInTheDocument()
    const signers = within(verdict).getAllByRole('listitem')
    expect(signers).toHaveLength(2)
    expect(signers[0]).toHaveTextContent('Landlord')
    expect(signers[0]).toHaveTextContent('Lara Lord')
    expect(signers[0]).toHaveTextContent('Signed 21/11/2026 10:00 GMT (drawn)')
    expect(signers[1]).toHaveTextContent('Tom Tenant')
    expect(signers[1]).toHaveTextContent('(typed)')
  })

  it('uploads the PDF as multipart field "file" and shows a refusal in red', async () => {
    const user = userEvent.setup()
    const { post } = mockApi((path) =>
      path === '/api/verify' ? reply(200, { genuine: false, message: 'This document has been altered or was not signed with OmniRent' }) : reply(404),
    )
    renderPage(<VerifyPage />, { path: '/verify' })
    await user.click(screen.getByRole('button', { name: 'Check the PDF' }))
    expect(screen.getByText('Please choose the PDF to check')).toBeInTheDocument()

    const pdf = new File(['%PDF-1.7'], 'agreement.pdf', { type: 'application/pdf' })
    await user.upload(screen.getByLabelText(/Choose PDF/), pdf)
    expect(screen.getByText('agreement.pdf')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Check the PDF' }))
    const verdict = await screen.findByRole('region', { name: 'This document has been altered or was not signed with OmniRent' })
    expect(verdict).toHaveClass('verify__verdict--bad')
    expect(screen.queryByText('This is a genuine, unaltered document')).not.toBeInTheDocument()
    const [path, init] = post.mock.calls[0] as unknown as [string, { body: FormData }]
    expect(path).toBe('/api/verify')
    expect(init.body).toBeInstanceOf(FormData)
    expect((init.body.get('file') as File).name).toBe('agreement.pdf')
  })

  it('checks an id and hash carried by the address at once', async () => {
    const { get } = mockApi((path) => (path === '/api/verify' ? reply(200, genuine) : reply(404)))
    renderPage(<VerifyPage />, { path: '/verify', initialEntries: ['/verify?documentId=OR-2026-0001&hash=abc'] })
    expect(await screen.findByText('This is a genuine, unaltered document')).toBeInTheDocument()
    expect(get).toHaveBeenCalledWith('/api/verify', { params: { query: { documentId: 'OR-2026-0001', hash: 'abc' } } })
    expect(screen.getByLabelText('Document reference')).toHaveValue('OR-2026-0001')
  })
})
