// /Blog/{slug}: placeholder until the blog ships; links back to the list.
import { Link } from 'react-router'
import { PenLine } from 'lucide-react'
import '../public/public.css'

export default function BlogPostPage() {
  return (
    <div className="coming-soon">
      <div className="card coming-soon__card">
        <div className="coming-soon__icon">
          <PenLine aria-hidden size={30} />
        </div>
        <h1>The OmniRent blog is coming soon</h1>
        <p>
          This post is not published yet. Our first articles for landlords and tenants are on their way, so please
          check back soon.
        </p>
        <div className="coming-soon__actions">
          <Link to="/Blog" className="button">
            Go to the blog
          </Link>
          <Link to="/" className="button button--outline">
            Back to home
          </Link>
        </div>
      </div>
    </div>
  )
}
