// One OmniNews headline (spec 3 sections 2 and 9). The title is the link and
// it covers the whole card, so a click anywhere opens the article in a new
// tab while screen readers hear a short link name. The server has already cut
// the title (118 characters) and the text, once for desktop (197) and once
// for a phone (162); both texts are in the page and CSS shows the one that
// fits, so nothing jumps when the window is resized. The picture sits in a
// box of a fixed shape with a plain placeholder behind it: a missing or
// broken image (https only; a broken one is removed) never moves the layout.
import { useState } from 'react'
import { Newspaper } from 'lucide-react'
import type { NewsArticle } from '../api/keys'

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' })

/** newsDate is a publication day as a UK reader writes it: 14 Nov 2026. */
export function newsDate(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '' : dayFormat.format(d)
}

export function NewsCard({ article, eager = false }: { article: NewsArticle; eager?: boolean }) {
  const [broken, setBroken] = useState(false)
  const hasImage = article.imageUrl.startsWith('https://')
  const showImage = hasImage && !broken
  const date = newsDate(article.publishedAt)
  return (
    <article className="news-card">
      {/* Known before drawing, so a phone may give a card without a picture a slimmer band; a
          picture that fails later leaves its box as it was. */}
      <div className={hasImage ? 'news-card__media' : 'news-card__media news-card__media--none'}>
        <Newspaper aria-hidden size={36} className="news-card__placeholder" />
        {showImage ? (
          <img
            src={article.imageUrl}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            referrerPolicy="no-referrer"
            onError={() => setBroken(true)}
          />
        ) : null}
        {article.sample ? <span className="news-card__sample">Sample</span> : null}
      </div>
      <div className="news-card__body">
        <p className="news-card__meta">
          {article.source ? <span className="news-card__source">{article.source}</span> : null}
          {date ? <time dateTime={article.publishedAt}>{date}</time> : null}
        </p>
        <h2 className="news-card__title">
          <a className="news-card__link" href={article.url} target="_blank" rel="noopener noreferrer">
            {article.title}{' '}
            <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        </h2>
        {article.content ? (
          <>
            <p className="news-card__text news-card__text--long">{article.content}</p>
            <p className="news-card__text news-card__text--short">{article.contentShort || article.content}</p>
          </>
        ) : null}
        {article.author ? <p className="news-card__author">By {article.author}</p> : null}
      </div>
    </article>
  )
}
