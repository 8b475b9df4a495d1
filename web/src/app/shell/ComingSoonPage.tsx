// Placeholder for tools that arrive in later releases.
import { Link } from 'react-router'
import { Hourglass } from 'lucide-react'
import './pages.css'

export default function ComingSoonPage({ tool }: { tool: string }) {
  return (
    <section className="panel coming-soon" aria-labelledby="coming-soon-title">
      <span className="coming-soon__icon" aria-hidden="true">
        <Hourglass size={30} />
      </span>
      <div>
        <span className="badge">Coming soon</span>
      </div>
      <h1 id="coming-soon-title">{tool}</h1>
      <p>{tool} is coming soon. We are putting the finishing touches to it and it will appear here in a future release.</p>
      <Link className="button" to="/dashboard">
        Back to the dashboard
      </Link>
    </section>
  )
}
