// /omninews for visitors: a login bar that remembers this page, and a
// placeholder body until the news feed ships.
import { Link } from 'react-router'
import { LogIn, Newspaper } from 'lucide-react'
import '../public/public.css'

export default function PublicNewsPage() {
  return (
    <>
      <div className="login-bar">
        <div className="login-bar__inner">
          <p className="login-bar__text">
            <Newspaper aria-hidden size={20} />
            Sign in to see OmniNews inside your dashboard
          </p>
          <Link to="/dashboard" state={{ from: '/omninews' }} className="button">
            <LogIn aria-hidden size={18} />
            Login
          </Link>
        </div>
      </div>
      <div className="coming-soon">
        <div className="card coming-soon__card">
          <div className="coming-soon__icon">
            <Newspaper aria-hidden size={30} />
          </div>
          <h1>News is coming soon</h1>
          <p>
            OmniNews will bring you the latest from the UK rental sector: law changes, market updates and practical
            tips for landlords and tenants, all in one feed.
          </p>
        </div>
      </div>
    </>
  )
}
