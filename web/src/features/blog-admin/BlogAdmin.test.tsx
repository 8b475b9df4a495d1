import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import AdminPage from '../admin/routes/AdminPage'
import { api } from '../../lib/api'
import { apiError, mockApi, polyfillDialog, renderPage, reply, sampleUser, type Reply } from '../../test/utils'
import type { AdminBlogPost } from './api/keys'

beforeAll(polyfillDialog)
vi.setConfig({ testTimeout: 20_000 })
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const admin = { ...sampleUser, role: 'Admin' as const }
const overview = { users: { total: 12, landlords: 7, tenants: 4, admins: 1, unverified: 2 } }
const image = (name: string) => ({
  name,
  url: `/api/blog/images/original/${name}`,
  previewUrl: `/api/blog/images/preview/${name}`,
  width: 1200,
  height: 630,
})

const published: AdminBlogPost = {
  id: 'b1',
  slug: 'deposit-guide',
  title: 'Deposit guide',
  body: '## Deposits\n\nFive weeks.',
  excerpt: 'Deposits Five weeks.',
  mainImage: image('main.png'),
  authorName: 'OmniRent team',
  authorImage: null,
  status: 'published',
  createdAt: '2026-03-01T08:00:00Z',
  updatedAt: '2026-03-05T08:00:00Z',
  publishedAt: '2026-03-01T08:00:00Z',
}
const draft: AdminBlogPost = {
  ...published,
  id: 'b2',
  slug: 'moving-in',
  title: 'Moving in',
  mainImage: null,
  status: 'draft',
  updatedAt: '2026-03-07T08:00:00Z',
  publishedAt: null,
}

type Handler = (method: string, path: string, init?: { body?: unknown; params?: unknown }) => Reply | Promise<Reply>

function adminApi(handler: Handler) {
  const { get, post } = mockApi(() => reply(500), admin)
  get.mockImplementation((async (path: string, init?: { body?: unknown }) => {
    if (path === '/api/auth/session') return reply(200, { user: admin })
    if (path === '/api/admin/overview') return reply(200, overview)
    return handler('GET', path, init)
  }) as never)
  post.mockImplementation((async (path: string, init?: { body?: unknown }) => handler('POST', path, init)) as never)
  const put = vi.spyOn(api, 'PUT').mockImplementation((async (path: string, init?: { body?: unknown }) => handler('PUT', path, init)) as never)
  const del = vi.spyOn(api, 'DELETE').mockImplementation((async (path: string, init?: { params?: unknown }) => handler('DELETE', path, init)) as never)
  return { get, post, put, del }
}

function open(entry: string) {
  return renderPage(<AdminPage />, { path: '/admin', initialEntries: [entry] })
}

describe('admin blog menu', () => {
  it('has a Blog group beside the promo codes', async () => {
    adminApi(() => reply(200, { posts: [] }))
    open('/admin?view=posts')
    const blog = screen.getByRole('navigation', { name: 'Blog' })
    expect(within(blog).getByRole('link', { name: 'Blog posts' })).toHaveAttribute('aria-current', 'page')
    expect(within(blog).getByRole('link', { name: 'Write a post' })).toHaveAttribute('href', '/admin?view=write')
    expect(screen.getByRole('navigation', { name: 'Promo codes' })).toBeInTheDocument()
    expect(await screen.findByText('No posts yet.')).toBeInTheDocument()
  })
})

describe('Blog posts', () => {
  it('lists every post, last changed first, with status and date', async () => {
    adminApi((m, p) => (m === 'GET' && p === '/api/admin/blog/posts' ? reply(200, { posts: [published, draft] }) : apiError(500, 'internal', 'x')))
    open('/admin?view=posts')
    const table = await screen.findByRole('table', { name: 'Blog posts' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 3).map((c) => c.textContent))).toEqual([
      ['Moving in/Blog/moving-in', 'Draft', '7 March 2026'],
      ['Deposit guide/Blog/deposit-guide', 'Published', '5 March 2026'],
    ])
    expect(within(rows[0]).getByRole('link', { name: 'Edit Moving in' })).toHaveAttribute('href', '/admin?view=post&id=b2')
    // Only a published post can be viewed on the blog.
    expect(within(rows[0]).queryByRole('link', { name: /View Moving in/ })).toBeNull()
    expect(within(rows[1]).getByRole('link', { name: /View Deposit guide on the blog/ })).toHaveAttribute('href', '/Blog/deposit-guide')
  })

  it('deletes only after the confirmation', async () => {
    let posts = [published, draft]
    const { del } = adminApi((m, p) => {
      if (m === 'GET' && p === '/api/admin/blog/posts') return reply(200, { posts })
      if (m === 'DELETE') {
        posts = [draft]
        return { data: undefined, response: new Response(null, { status: 204 }) }
      }
      return apiError(500, 'internal', 'x')
    })
    const user = userEvent.setup({ delay: null })
    open('/admin?view=posts')
    await user.click(await screen.findByRole('button', { name: 'Delete Deposit guide' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete blog post' })
    expect(dialog).toHaveTextContent('Delete the post Deposit guide?')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(dialog).not.toHaveAttribute('open')
    expect(del).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Delete Deposit guide' }))
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Post "Deposit guide" deleted.')).toBeInTheDocument()
    expect(del).toHaveBeenCalledWith('/api/admin/blog/posts/{id}', { params: { path: { id: 'b1' } } })
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Deposit guide' })).toBeNull())
  })
})

describe('Write a post', () => {
  it('previews the Markdown through the server', async () => {
    const { post } = adminApi((m, p, init) =>
      m === 'POST' && p === '/api/admin/blog/preview'
        ? reply(200, { html: `<h2>Preview of</h2><p>${String((init?.body as { body: string }).body.length)} characters</p>` })
        : apiError(500, 'internal', 'x'),
    )
    const user = userEvent.setup({ delay: null })
    open('/admin?view=write')
    const form = screen.getByRole('form', { name: 'Write a post' })
    const write = within(form).getByRole('tab', { name: 'Write' })
    const previewTab = within(form).getByRole('tab', { name: 'Preview' })
    expect(write).toHaveAttribute('aria-selected', 'true')

    // Nothing written: nothing sent.
    await user.click(previewTab)
    expect(within(form).getByText('Nothing to preview yet.')).toBeInTheDocument()
    expect(post).not.toHaveBeenCalled()

    await user.click(write)
    await user.type(within(form).getByLabelText('Body (Markdown)'), 'Hello **world**')
    await user.click(previewTab)
    expect(previewTab).toHaveAttribute('aria-selected', 'true')
    expect(await within(form).findByRole('heading', { name: 'Preview of', level: 2 })).toBeInTheDocument()
    expect(post).toHaveBeenCalledWith('/api/admin/blog/preview', { body: { body: 'Hello **world**' } })
    expect(within(form).getByLabelText('Body (Markdown)')).not.toBeVisible()
    // The arrow keys move between the tabs.
    previewTab.focus()
    await user.keyboard('{ArrowLeft}')
    expect(write).toHaveFocus()
    expect(within(form).getByLabelText('Body (Markdown)')).toBeVisible()
  })

  it('uploads a picture as multipart form data and sends its name with the post', async () => {
    let saved: unknown
    const { post } = adminApi((m, p, init) => {
      if (m === 'POST' && p === '/api/admin/blog/images') return reply(201, { image: image('up-1.png') })
      if (m === 'POST' && p === '/api/admin/blog/posts') {
        saved = init?.body
        return reply(201, { post: { ...published, id: 'b9', title: 'New post', status: 'draft' } })
      }
      if (m === 'GET' && p === '/api/admin/blog/posts') return reply(200, { posts: [] })
      return apiError(500, 'internal', 'x')
    })
    // applyAccept off: a file the picker would hide still reaches our own check.
    const user = userEvent.setup({ delay: null, applyAccept: false })
    const { router } = open('/admin?view=write')
    const form = screen.getByRole('form', { name: 'Write a post' })

    // A wrong type is refused here, before anything is sent.
    const gif = new File(['GIF89a'], 'x.gif', { type: 'image/gif' })
    await user.upload(within(form).getByLabelText('Upload main image'), gif)
    expect(within(form).getByText('Only PNG and JPEG images are allowed.')).toBeInTheDocument()
    expect(post).not.toHaveBeenCalled()

    const png = new File([new Uint8Array([137, 80, 78, 71])], 'house.png', { type: 'image/png' })
    await user.upload(within(form).getByLabelText('Upload main image'), png)
    expect(await within(form).findByRole('img', { name: 'Main image chosen' })).toHaveAttribute('src', '/api/blog/images/preview/up-1.png')
    const [path, init] = post.mock.calls.find(([p]) => p === '/api/admin/blog/images')! as unknown as [string, { body: FormData }]
    expect(path).toBe('/api/admin/blog/images')
    expect(init.body).toBeInstanceOf(FormData)
    expect((init.body.get('file') as File).name).toBe('house.png')
    expect(within(form).queryByText('Only PNG and JPEG images are allowed.')).toBeNull()

    await user.type(within(form).getByLabelText('Title'), 'New post')
    await user.type(within(form).getByLabelText('Body (Markdown)'), 'Body text')
    await user.click(within(form).getByRole('radio', { name: 'Published' }))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.search).toBe('?view=posts'))
    expect(saved).toEqual({
      title: 'New post',
      slug: '',
      body: 'Body text',
      mainImage: 'up-1.png',
      authorName: '',
      authorImage: '',
      status: 'published',
    })
    expect(await screen.findByText('Post "New post" saved as a draft.')).toBeInTheDocument()
  })

  it("shows the server's refusals under the fields", async () => {
    let round = 0
    adminApi((m, p) => {
      if (m === 'POST' && p === '/api/admin/blog/posts') {
        round++
        return round === 1
          ? apiError(400, 'invalid', 'Please enter a title.', { title: 'Please enter a title.', body: 'Please write the post.' })
          : apiError(409, 'slug_taken', 'Another post already uses this address.', { slug: 'Another post already uses this address.' })
      }
      return apiError(500, 'internal', 'x')
    })
    const user = userEvent.setup({ delay: null })
    const { router } = open('/admin?view=write')
    const form = screen.getByRole('form', { name: 'Write a post' })
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByText('Please enter a title.')).toBeInTheDocument()
    expect(within(form).getByText('Please write the post.')).toBeInTheDocument()
    expect(within(form).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(within(form).getByLabelText('Title')).toHaveFocus())

    await user.type(within(form).getByLabelText('Title'), 'Deposit guide')
    expect(within(form).queryByText('Please enter a title.')).toBeNull()
    await user.type(within(form).getByLabelText('Address'), 'deposit-guide')
    await user.type(within(form).getByLabelText('Body (Markdown)'), 'Text')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByText('Another post already uses this address.')).toBeInTheDocument()
    expect(within(form).getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true')
    expect(router.state.location.search).toBe('?view=write')
  })
})

describe('Edit post', () => {
  it('opens the post with its Markdown and saves it with PUT', async () => {
    const { put } = adminApi((m, p, init) => {
      if (m === 'GET' && p === '/api/admin/blog/posts/{id}') return reply(200, { post: published })
      if (m === 'GET' && p === '/api/admin/blog/posts') return reply(200, { posts: [published] })
      if (m === 'PUT') return reply(200, { post: { ...published, ...(init?.body as object), mainImage: published.mainImage } })
      return apiError(500, 'internal', 'x')
    })
    const user = userEvent.setup({ delay: null })
    open('/admin?view=post&id=b1')
    const form = await screen.findByRole('form', { name: 'Edit post' })
    expect(within(form).getByLabelText('Title')).toHaveValue('Deposit guide')
    expect(within(form).getByLabelText('Address')).toHaveValue('deposit-guide')
    expect(within(form).getByLabelText('Body (Markdown)')).toHaveValue('## Deposits\n\nFive weeks.')
    expect(within(form).getByRole('radio', { name: 'Published' })).toBeChecked()
    expect(within(form).getByRole('img', { name: 'Main image chosen' })).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Remove main image' }))
    expect(within(form).queryByRole('img', { name: 'Main image chosen' })).toBeNull()
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Post "Deposit guide" saved and published.')).toBeInTheDocument()
    expect(put).toHaveBeenCalledWith('/api/admin/blog/posts/{id}', {
      params: { path: { id: 'b1' } },
      body: expect.objectContaining({ slug: 'deposit-guide', mainImage: '', status: 'published' }),
    })
  })

  it('an unknown post says so', async () => {
    adminApi(() => apiError(404, 'not_found', 'Post not found.'))
    open('/admin?view=post&id=nope')
    expect(await screen.findByText('Post not found.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Blog posts' })).toHaveAttribute('href', '/admin?view=posts')
  })
})
