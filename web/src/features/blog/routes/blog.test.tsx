import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import BlogListPage, { BlogListItem } from './BlogListPage'
import BlogPostPage from './BlogPostPage'
import { apiError, mockApi, renderPage, reply } from '../../../test/utils'
import type { BlogPost } from '../api/keys'

vi.setConfig({ testTimeout: 20_000 })
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const image = (name: string, width = 1200, height = 630) => ({
  name,
  url: `/api/blog/images/original/${name}`,
  previewUrl: `/api/blog/images/preview/${name}`,
  width,
  height,
})

const post: BlogPost = {
  id: 'b1',
  slug: 'deposit-protection-guide',
  title: 'Deposit protection: a guide',
  excerpt: 'A tenancy deposit is the tenant’s money, held as security.',
  mainImage: image('main.png'),
  authorName: 'OmniRent team',
  authorImage: image('face.png', 256, 256),
  status: 'published',
  createdAt: '2026-03-01T08:00:00Z',
  updatedAt: '2026-03-02T08:00:00Z',
  publishedAt: '2026-03-02T08:00:00Z',
}

describe('BlogListItem', () => {
  it('shows the date the UK way, the title linking to the post, a 320x240 preview and the excerpt', () => {
    render(
      <MemoryRouter>
        <BlogListItem post={post} />
      </MemoryRouter>,
    )
    const article = screen.getByRole('article')
    expect(within(article).getByText('2 March 2026')).toHaveAttribute('datetime', '2026-03-02T08:00:00Z')
    expect(within(article).getByRole('link', { name: 'Deposit protection: a guide' })).toHaveAttribute('href', '/Blog/deposit-protection-guide')
    expect(within(article).getByRole('heading', { level: 2 })).toHaveTextContent('Deposit protection: a guide')
    const img = article.querySelector('img')!
    expect(img).toHaveAttribute('src', '/api/blog/images/preview/main.png')
    expect(img).toHaveAttribute('width', '320')
    expect(img).toHaveAttribute('height', '240')
    expect(img).toHaveAttribute('loading', 'lazy')
    expect(within(article).getByText(post.excerpt)).toBeInTheDocument()
  })

  it('falls back to the creation date and a drawn placeholder', () => {
    render(
      <MemoryRouter>
        <BlogListItem post={{ ...post, mainImage: null, publishedAt: null }} first />
      </MemoryRouter>,
    )
    expect(screen.getByText('1 March 2026')).toBeInTheDocument()
    expect(screen.getByRole('article').querySelector('img')).toBeNull()
  })
})

describe('BlogListPage', () => {
  it('lists the posts; the first picture loads first', async () => {
    mockApi((path) => (path === '/api/blog/posts' ? reply(200, { posts: [post, { ...post, id: 'b2', slug: 'two', title: 'Second' }] }) : reply(404)))
    renderPage(<BlogListPage />, { path: '/Blog' })
    const list = await screen.findByRole('list', { name: 'Posts' })
    const items = within(list).getAllByRole('article')
    expect(items).toHaveLength(2)
    expect(items[0].querySelector('img')).toHaveAttribute('loading', 'eager')
    expect(items[1].querySelector('img')).toHaveAttribute('loading', 'lazy')
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument()
  })

  it('says so when there are no posts', async () => {
    mockApi(() => reply(200, { posts: [] }))
    renderPage(<BlogListPage />, { path: '/Blog' })
    expect(await screen.findByText('No posts yet. Please check back soon.')).toBeInTheDocument()
  })
})

describe('BlogPostPage', () => {
  it("shows 'Loading...' until the post is fetched, then the post", async () => {
    let answer: (r: ReturnType<typeof reply>) => void = () => {}
    const { get } = mockApi((path) => (path === '/api/blog/posts/{slug}' ? new Promise((r) => (answer = r)) : reply(404)))
    renderPage(<BlogPostPage />, { path: '/Blog/:slug', initialEntries: ['/Blog/deposit-protection-guide'] })
    expect(await screen.findByText('Loading...')).toBeInTheDocument()
    expect(get).toHaveBeenCalledWith('/api/blog/posts/{slug}', expect.objectContaining({ params: { path: { slug: 'deposit-protection-guide' } } }))
    answer(reply(200, { post: { ...post, html: '<h2>How much</h2><p>Five <strong>weeks</strong>.</p>' } }))
    expect(await screen.findByRole('heading', { name: 'Deposit protection: a guide', level: 1 })).toBeInTheDocument()
    expect(screen.queryByText('Loading...')).toBeNull()
    expect(screen.getByRole('heading', { name: 'How much', level: 2 })).toBeInTheDocument()
    expect(screen.getByText('weeks').tagName).toBe('STRONG')
    expect(screen.getByText('OmniRent team')).toBeInTheDocument()
    expect(screen.getByText('OmniRent', { selector: '.blog-post__brand' })).toBeInTheDocument()
    expect(screen.getByText('2 March 2026')).toBeInTheDocument()
    const imgs = Array.from(document.querySelectorAll('img'))
    expect(imgs.map((i) => i.getAttribute('src'))).toEqual(['/api/blog/images/original/main.png', '/api/blog/images/preview/face.png'])
    expect(imgs[0]).toHaveAttribute('width', '1200')
    expect(screen.getByRole('link', { name: 'All posts' })).toHaveAttribute('href', '/Blog')
    await waitFor(() => expect(document.title).toBe('Deposit protection: a guide | OmniRent blog'))
  })

  it("shows the 404 text for a post that does not exist", async () => {
    mockApi(() => apiError(404, 'not_found', 'Post not found.'))
    renderPage(<BlogPostPage />, { path: '/Blog/:slug', initialEntries: ['/Blog/no-such-post'] })
    expect(await screen.findByRole('heading', { name: '404 Not Found!' })).toBeInTheDocument()
  })

  it('offers to try again when the post cannot be fetched', async () => {
    mockApi(() => apiError(503, 'unavailable', 'The service is busy, please try again.'))
    renderPage(<BlogPostPage />, { path: '/Blog/:slug', initialEntries: ['/Blog/x'] })
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('The service is busy, please try again.')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
