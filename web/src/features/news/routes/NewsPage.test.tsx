import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import NewsPage from './NewsPage'
import { mockApi, renderPage, reply, sampleUser } from '../../../test/utils'
import type { NewsArticle } from '../api/keys'

vi.setConfig({ testTimeout: 20_000 })
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const long = 'L'.repeat(190) + ' (desktop)'
const short = 'S'.repeat(150) + ' (mobile)'

const article: NewsArticle = {
  title: 'Rents rise again in the North West',
  source: 'Property Weekly',
  content: long,
  contentShort: short,
  author: 'Jo Reporter',
  url: 'https://news.example/rents',
  imageUrl: 'https://img.example/rents.jpg',
  publishedAt: '2026-11-14T09:30:00Z',
  sample: false,
}
const sample: NewsArticle = {
  ...article,
  title: 'Deposit protection: the 30-day rule still applies',
  source: 'OmniRent',
  author: '',
  url: 'https://www.gov.uk/deposit-protection-schemes-and-landlords',
  imageUrl: '',
  sample: true,
}

function open(entry = '/omninews', me: unknown = null, answer?: (view: string) => unknown) {
  const views: string[] = []
  const { get } = mockApi((path, init) => {
    if (path !== '/api/news') return reply(404)
    const view = (init as { params?: { query?: { view?: string } } })?.params?.query?.view ?? ''
    views.push(view)
    const body = answer ? answer(view) : { view, articles: view === 'world' ? [sample] : [article, sample] }
    return body instanceof Promise ? (body as Promise<ReturnType<typeof reply>>) : reply(200, body)
  }, me)
  const utils = renderPage(<NewsPage />, { path: '/omninews', initialEntries: [entry] })
  return { ...utils, get, views }
}

describe('NewsPage', () => {
  it('shows a card per article that opens it in a new tab, with both texts for CSS to choose from', async () => {
    open()
    const link = await screen.findByRole('link', { name: /Rents rise again in the North West/ })
    expect(link).toHaveAttribute('href', 'https://news.example/rents')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
    expect(link).toHaveAccessibleName('Rents rise again in the North West (opens in a new tab)')
    const card = link.closest('article')!
    // Both cuts are in the page; the stylesheet shows one of them (<= 600 px: the short one).
    expect(within(card).getByText(long)).toHaveClass('news-card__text', 'news-card__text--long')
    expect(within(card).getByText(short)).toHaveClass('news-card__text', 'news-card__text--short')
    expect(within(card).getByText('Property Weekly')).toBeInTheDocument()
    expect(within(card).getByText('14 Nov 2026')).toHaveAttribute('datetime', '2026-11-14T09:30:00Z')
    expect(within(card).getByText('By Jo Reporter')).toBeInTheDocument()
    expect(within(card).queryByText('Sample')).toBeNull()
    expect(card.querySelector('img')).toHaveAttribute('src', 'https://img.example/rents.jpg')
  })

  it("tags sample articles and draws a placeholder where there is no image; a broken image is removed", async () => {
    open()
    const sampleCard = (await screen.findByRole('link', { name: /Deposit protection/ })).closest('article')!
    expect(within(sampleCard).getByText('Sample')).toBeInTheDocument()
    expect(sampleCard.querySelector('img')).toBeNull()
    expect(sampleCard.querySelector('.news-card__media svg')).not.toBeNull()

    const card = screen.getByRole('link', { name: /Rents rise/ }).closest('article')!
    fireEvent.error(card.querySelector('img')!)
    expect(card.querySelector('img')).toBeNull()
    expect(card.querySelector('.news-card__media svg')).not.toBeNull()
  })

  it('never shows an image that is not https', async () => {
    open('/omninews', null, () => ({ view: 'uk', articles: [{ ...article, imageUrl: 'http://img.example/x.jpg' }] }))
    const card = (await screen.findByRole('link', { name: /Rents rise/ })).closest('article')!
    expect(card.querySelector('img')).toBeNull()
  })

  it('shows a spinner while loading', async () => {
    open('/omninews', null, () => new Promise(() => {}))
    expect(await screen.findByRole('status', { name: 'Loading news' })).toBeInTheDocument()
  })

  it("says 'No news items' when there are none", async () => {
    open('/omninews', null, (view) => ({ view, articles: [] }))
    expect(await screen.findByText('No news items')).toBeInTheDocument()
    expect(screen.queryByRole('article')).toBeNull()
  })

  it('has the two views in a menu, driven by the URL', async () => {
    const user = userEvent.setup({ delay: null })
    const { router, views } = open()
    const menu = screen.getByRole('navigation', { name: 'News views' })
    const top = within(menu).getByRole('link', { name: 'Top Headlines' })
    const world = within(menu).getByRole('link', { name: 'Worldwide Top Headlines' })
    expect(top).toHaveAttribute('aria-current', 'page')
    expect(world).toHaveAttribute('href', '/omninews?view=world')
    await screen.findByRole('link', { name: /Rents rise/ })
    await user.click(world)
    expect(router.state.location.search).toBe('?view=world')
    expect(await screen.findByRole('region', { name: 'Worldwide Top Headlines' })).toBeInTheDocument()
    expect(within(menu).getByRole('link', { name: 'Worldwide Top Headlines' })).toHaveAttribute('aria-current', 'page')
    await screen.findByText('Sample')
    expect(screen.queryByRole('link', { name: /Rents rise/ })).toBeNull()
    expect(views).toEqual(['uk', 'world'])
  })

  it('opens on the world view from the URL', async () => {
    const { views } = open('/omninews?view=world')
    await screen.findByRole('link', { name: /Deposit protection/ })
    expect(views).toEqual(['world'])
  })

  it('shows visitors a login bar that brings them back here', async () => {
    const user = userEvent.setup({ delay: null })
    const { router } = open('/omninews?view=world')
    const login = await screen.findByRole('link', { name: 'Login' })
    expect(login).toHaveAttribute('href', '/dashboard')
    await user.click(login)
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(router.state.location.state).toEqual({ from: '/omninews?view=world' })
  })

  it('has no login bar for a signed-in user', async () => {
    open('/omninews', sampleUser)
    await screen.findByRole('link', { name: /Rents rise/ })
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull()
  })
})
