// /omninews (spec 1 section 2.1, spec 3 section 2 "News"): the rental-sector
// headlines in two views, Top Headlines (UK) and Worldwide Top Headlines,
// chosen in a menu and kept in the URL (?view=world) so Back and links work.
// Signed in, the page sits in the shell; signed out, in the public frame
// under a login bar that brings the reader back here after signing in.
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { LoginBar } from '../../../components/LoginBar'
import { Newspaper } from 'lucide-react'
import { useAuth } from '../../../lib/auth'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { NewsCard } from '../components/NewsCard'
import { NEWS_VIEWS, parseNewsView } from '../api/keys'
import { useNews } from '../api/news'
import '../../public/public.css'
import '../news.css'

export const NO_NEWS = 'No news items'
// The first row of cards is on screen at once; their pictures load eagerly.
const EAGER_IMAGES = 3

export default function NewsPage() {
  const { user } = useAuth()
  const [params] = useSearchParams()
  const view = parseNewsView(params.get('view'))
  const news = useNews(view)
  const signedIn = Boolean(user)
  const current = NEWS_VIEWS.find((v) => v.view === view)!

  useEffect(() => {
    if (signedIn) return // the shell names signed-in pages
    const previous = document.title
    document.title = 'OmniNews: rental-sector headlines | OmniRent'
    return () => {
      document.title = previous
    }
  }, [signedIn])

  const articles = news.data ?? []
  const page = (
    <div className={signedIn ? 'news' : 'news news--public'}>
      <div className="news__head">
        <h1 className="news__title">OmniNews</h1>
        <p className="news__lead">Headlines from the rental sector, newest first.</p>
      </div>
      <nav className="news-views" aria-label="News views">
        <ul>
          {NEWS_VIEWS.map((v) => (
            <li key={v.view}>
              <Link
                to={v.view === 'uk' ? '/omninews' : `/omninews?view=${v.view}`}
                className={v.view === view ? 'news-views__link news-views__link--active' : 'news-views__link'}
                aria-current={v.view === view ? 'page' : undefined}
                replace
              >
                {v.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="news__list" aria-label={current.label}>
        {news.isPending ? (
          <div className="news__status">
            <Spinner label="Loading news" />
          </div>
        ) : news.isError ? (
          <div className="news__empty">
            <p className="form-message form-message--error" role="alert">
              {errorMessage(news.error)}
            </p>
            <button type="button" className="button button--outline" onClick={() => void news.refetch()}>
              Try again
            </button>
          </div>
        ) : articles.length === 0 ? (
          <div className="news__empty">
            <Newspaper aria-hidden size={36} />
            <p role="status">{NO_NEWS}</p>
          </div>
        ) : (
          <ul className="news-grid">
            {articles.map((a, i) => (
              <li key={`${i}:${a.url}`}>
                <NewsCard article={a} eager={i < EAGER_IMAGES} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )

  if (signedIn) return page
  return (
    <>
      <LoginBar icon={<Newspaper aria-hidden size={20} />}>Sign in to see OmniNews inside your dashboard</LoginBar>
      {page}
    </>
  )
}
