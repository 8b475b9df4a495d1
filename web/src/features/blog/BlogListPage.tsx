// /Blog: placeholder until the blog (posts from an external content service) ships.
import { Link } from 'react-router'
import { PenLine } from 'lucide-react'
import '../public/public.css'

export default function BlogListPage() {
  return (
    <div className="coming-soon">
      <div className="card coming-soon__card">
        <div className="coming-soon__icon">
          <PenLine aria-hidden size={30} />
        </div>
        <h1>The OmniRent blog is coming soon</h1>
        <p>
          We are writing practical guides for landlords and tenants: what the Renters&apos; Rights Act changes, how
          open-banking reference checks work, and how to make move-in day painless.
        </p>
        <p>Check back soon, or follow us on social media to hear when the first posts go live.</p>
        <div className="coming-soon__actions">
          <Link to="/" className="button">
            Back to home
          </Link>
          <Link to="/omninews" className="button button--outline">
            Read the news
          </Link>
        </div>
      </div>
    </div>
  )
}
