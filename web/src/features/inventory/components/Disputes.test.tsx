import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { api } from '../../../lib/api'
import { apiError, mockApi, polyfillDialog, renderPage, reply, sampleUser, type Reply } from '../../../test/utils'
import NewReportPage from '../routes/NewReportPage'
import { ReportList } from './ReportList'
import { DISPUTE_MSG } from './Disputes'

beforeAll(polyfillDialog)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const tenantUser = { ...sampleUser, id: 'u2', email: 'tom@example.com', fullName: 'Tom Tenant', userType: 'Tenant' as const }

function report(over: Record<string, unknown> = {}) {
  return {
    id: 'r1', type: 'Inventory', status: 'Disputed', paymentStatus: 'Paid', propertyId: 'p1', property: { addrFirstLine: '1 High Street' },
    data: {}, revision: 3, clonedFrom: '', stamps: [], mine: false, editable: false, createdAt: '2026-05-01T10:00:00Z', updatedAt: '2026-05-02T10:00:00Z', ...over,
  }
}

const signing = {
  status: 'ATS', paymentStatus: 'Paid', documentId: '', documentHash: '', signers: [], events: [],
  canSign: true, verified: false, needsPayment: false, waitingFor: '', message: '',
}

function entry(over: Record<string, unknown> = {}) {
  return {
    id: 'd1', section: 'overview', authorName: 'Tom Tenant', authorEmail: 'tom@example.com', authorRole: 'tenant', comment: 'The carpet was already stained.',
    photo: 'abcdabcdabcdabcd.jpg', resolved: false, mine: true, createdAt: '2026-05-03T09:30:00Z', updatedAt: '2026-05-03T09:30:00Z', ...over,
  }
}

const thread = [
  entry(),
  entry({ id: 'd2', authorName: 'Ann Example', authorEmail: 'ann@example.com', authorRole: 'creator', comment: 'See photo 3: it was clean.', photo: '', resolved: true, mine: false }),
  entry({ id: 'd3', section: 'inside', comment: 'Another section', mine: false }),
]

function serve(r = report(), disputes: unknown[] = thread, extra: Record<string, (init: { body?: unknown } | undefined) => Reply> = {}, me: unknown = tenantUser) {
  return mockApi((path, init) => {
    if (path === '/api/inventory/reports/{id}') return reply(200, { report: r })
    if (path === '/api/inventory/reports/{id}/signing') return reply(200, signing)
    if (path === '/api/inventory/reports/{id}/photos') return reply(200, { photos: [] })
    if (path === '/api/inventory/reports/{id}/disputes' && extra[path]) return extra[path](init)
    if (path === '/api/inventory/reports/{id}/disputes') return reply(200, { disputes })
    if (extra[path]) return extra[path](init)
    return apiError(404, 'not_found', `unexpected ${path}`)
  }, me)
}

function open(search = '?id=r1&view=dispute&section=overview') {
  return renderPage(<NewReportPage />, { path: '/NewReport', initialEntries: [`/NewReport${search}`] })
}

describe('the dispute view of a section', () => {
  it("lists the section's entries with author, role, date, comment, photo and their state", async () => {
    serve()
    open()
    expect(await screen.findByRole('heading', { name: 'Dispute: Property Overview' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Comments on Property Overview' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('Tom Tenant')
    expect(items[0]).toHaveTextContent('Tenant')
    expect(items[0]).toHaveTextContent('3 May 2026')
    expect(items[0]).toHaveTextContent('The carpet was already stained.')
    expect(items[0]).toHaveTextContent('Unresolved')
    expect(items[1]).toHaveTextContent('Ann Example')
    expect(items[1]).toHaveTextContent('Resolved')
    expect(list).not.toHaveTextContent('Another section')

    await userEvent.click(within(items[0]).getByRole('button', { name: /Open the photo from Tom Tenant full size/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Photo' })
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/api/photos/large/abcdabcdabcdabcd.jpg')
  })

  it('sends a comment with the section and comment', async () => {
    const user = userEvent.setup()
    const { post } = serve(report({ status: 'ATS' }), [], {
      '/api/inventory/reports/{id}/disputes': () => reply(200, { disputes: [] }),
    })
    post.mockImplementation((async (path: string, init: { body: { comment: string } }) => {
      if (path === '/api/inventory/reports/{id}/disputes') return reply(201, { dispute: entry({ id: 'd9', comment: init.body.comment, photo: '' }) })
      return apiError(404, 'not_found', 'no')
    }) as never)
    open()
    await screen.findByText(DISPUTE_MSG.noEntries)
    await user.type(screen.getByLabelText('Comment'), '  The oven was dirty.  ')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/inventory/reports/{id}/disputes', expect.objectContaining({
        params: { path: { id: 'r1' } },
        body: { section: 'overview', comment: 'The oven was dirty.' },
      })),
    )
    expect(await screen.findByText(DISPUTE_MSG.sent)).toBeInTheDocument()
    expect(await screen.findByText('The oven was dirty.')).toBeInTheDocument()
    expect(screen.getByLabelText('Comment')).toHaveValue('')
  })

  it("refuses an empty comment with 'Please write your comment.'", async () => {
    const user = userEvent.setup()
    const { post } = serve()
    open()
    await screen.findByRole('list', { name: 'Comments on Property Overview' })
    await user.type(screen.getByLabelText('Comment'), '   ')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Please write your comment.')).toBeInTheDocument()
    expect(screen.getByLabelText('Comment')).toHaveAttribute('aria-invalid', 'true')
    expect(post).not.toHaveBeenCalledWith('/api/inventory/reports/{id}/disputes', expect.anything())
  })

  it("offers the resolve toggle only on the reader's own entries and sends {resolved: true}", async () => {
    const user = userEvent.setup()
    // The server's thread: the PUT changes it, the refetch after it shows it.
    let current = thread
    serve(report(), thread, { '/api/inventory/reports/{id}/disputes': () => reply(200, { disputes: current }) })
    const put = vi.spyOn(api, 'PUT').mockImplementation((async (_p: string, init: { params: { path: { entry: string } }; body: { resolved: boolean } }) => {
      current = current.map((d) => (d.id === init.params.path.entry ? { ...d, resolved: init.body.resolved } : d))
      return reply(200, { report: report({ status: 'ATS' }) })
    }) as never)
    open()
    const list = await screen.findByRole('list', { name: 'Comments on Property Overview' })
    const [mine, theirs] = within(list).getAllByRole('listitem')
    expect(within(theirs).queryByRole('button', { name: /Mark/ })).not.toBeInTheDocument()
    expect(within(list).getAllByRole('button', { name: /Mark/ })).toHaveLength(1)
    await user.click(within(mine).getByRole('button', { name: 'Mark resolved' }))
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/api/inventory/reports/{id}/disputes/{entry}', expect.objectContaining({
        params: { path: { id: 'r1', entry: 'd1' } },
        body: { resolved: true },
      })),
    )
    expect(await within(mine).findByRole('button', { name: 'Mark unresolved' })).toBeInTheDocument()
  })

  it('refuses a photo that is not JPEG, PNG or GIF', async () => {
    serve()
    open()
    await screen.findByRole('list', { name: 'Comments on Property Overview' })
    const input = screen.getByLabelText(/Add photo/) as HTMLInputElement
    await userEvent.upload(input, new File(['x'], 'notes.pdf', { type: 'application/pdf' }), { applyAccept: false })
    expect(await screen.findByText('Only JPEG, PNG and GIF images are allowed.')).toBeInTheDocument()
  })
})

describe('the preview of a sent report', () => {
  it("gives each section a Dispute button and its open entries, tags the report Disputed and hides 'Sign Report'", async () => {
    const user = userEvent.setup()
    serve()
    const { router } = open('?id=r1&view=preview')
    expect(await screen.findByRole('heading', { name: 'Preview: Inventory' })).toBeInTheDocument()
    expect(screen.getByText('Disputed')).toBeInTheDocument()
    expect(await screen.findByText('Property Overview', { selector: 'summary' })).toHaveTextContent('1 open')
    expect(screen.getByText('Inside Property', { selector: 'summary' })).toHaveTextContent('1 open')
    expect(screen.getByText('Report Settings', { selector: 'summary' })).not.toHaveTextContent('open')
    expect(screen.queryByRole('button', { name: 'Sign Report' })).not.toBeInTheDocument()
    expect(screen.queryByText(DISPUTE_MSG.creatorNote)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Dispute Property Overview' }))
    await waitFor(() => expect(router.state.location.search).toBe('?id=r1&view=dispute&section=overview'))
    expect(await screen.findByRole('heading', { name: 'Dispute: Property Overview' })).toBeInTheDocument()
  })

  it('offers the creator Reply, the note and Edit Report', async () => {
    serve(report({ mine: true }), thread, {}, sampleUser)
    open('?id=r1&view=preview')
    expect(await screen.findByRole('button', { name: 'Reply Property Overview' })).toBeInTheDocument()
    expect(screen.getByText(DISPUTE_MSG.creatorNote)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Edit Report/ })).toBeInTheDocument()
  })

  it('does not promise the creator of a completed report an edit it cannot make (issue 26)', async () => {
    serve(report({ mine: true, status: 'Completed', statusText: 'Completed' }), thread, {}, sampleUser)
    open('?id=r1&view=preview')
    expect(await screen.findByRole('button', { name: 'Comments Property Overview' })).toBeInTheDocument()
    expect(screen.queryByText(DISPUTE_MSG.creatorNote)).not.toBeInTheDocument()
    expect(screen.getByText(DISPUTE_MSG.creatorNoteFinal)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Edit Report/ })).not.toBeInTheDocument()
  })

  it('keeps the thread of a report everyone has signed, without a comment box (the sealed report is final)', async () => {
    serve(report({ status: 'Completed', statusText: 'Completed' }), thread, {}, sampleUser)
    open('?id=r1&view=dispute&section=overview')
    expect(await screen.findByRole('heading', { name: 'Comments: Property Overview' })).toBeInTheDocument()
    expect(screen.getByText(DISPUTE_MSG.final)).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: /Your comment|Your answer/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Mark (un)?resolved/ })).not.toBeInTheDocument()
  })

  it('tells the creator of a signed report once that it is final', async () => {
    serve(report({ mine: true, status: 'Completed', statusText: 'Completed' }), thread, {}, sampleUser)
    open('?id=r1&view=dispute&section=overview')
    expect(await screen.findByRole('heading', { name: 'Comments: Property Overview' })).toBeInTheDocument()
    expect(screen.getByText(DISPUTE_MSG.creatorNoteFinal)).toBeInTheDocument()
    expect(screen.queryByText(DISPUTE_MSG.final)).not.toBeInTheDocument()
  })

  it('has no Dispute buttons on a draft seen read-only', async () => {
    serve(report({ status: 'Draft' }))
    open('?id=r1&view=preview')
    await screen.findByRole('heading', { name: 'Preview: Inventory' })
    expect(screen.queryByRole('button', { name: /^Dispute / })).not.toBeInTheDocument()
  })
})

describe('the lists', () => {
  it('tag a disputed report', async () => {
    mockApi(() => reply(200, { reports: [report(), report({ id: 'r2', status: 'ATS', statusText: 'Awaiting signatures' })] }), sampleUser)
    renderPage(<ReportList view="active" />, { path: '/inventory' })
    const tag = await screen.findByText('Disputed')
    expect(tag).toHaveClass('inv-tag--disputed')
    // The status in words, never its code (issue 26).
    expect(screen.getByText('Awaiting signatures')).toBeInTheDocument()
    expect(screen.queryByText('ATS')).not.toBeInTheDocument()
  })
})
