// The landing page (spec 1 section 2.1): search banner, Get Started, reference
// checks, the ecosystem, the contract-builder promo and the community. No
// images or web fonts: illustrations are CSS and inline SVG so it stays fast.
import { Link } from 'react-router'
import {
  ArrowRight,
  BadgeCheck,
  CalendarDays,
  Check,
  EyeOff,
  FileSignature,
  House,
  Landmark,
  Newspaper,
  ScanLine,
  ShieldCheck,
  Wallet,
  Zap,
} from 'lucide-react'
import { SearchBanner } from '../../listing/components/SearchBanner'
import { SocialLinks } from '../components/SocialLinks'
import '../landing.css'

function HeroArt() {
  // Decorative street of houses drawn in SVG.
  return (
    <svg className="hero__art" viewBox="0 0 600 160" aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMax slice">
      <g fill="#ffffff" fillOpacity="0.07">
        <path d="M0 160V96l50-40 50 40v64z" />
        <path d="M110 160V70l70-52 70 52v90z" />
        <path d="M262 160V104l40-32 40 32v56z" />
        <path d="M350 160V60l60-44 60 44v100z" />
        <path d="M480 160V92l60-46 60 46v68z" />
      </g>
      <g fill="#f2a516" fillOpacity="0.35">
        <rect x="160" y="92" width="16" height="16" rx="2" />
        <rect x="186" y="92" width="16" height="16" rx="2" />
        <rect x="398" y="84" width="16" height="16" rx="2" />
        <rect x="530" y="108" width="14" height="14" rx="2" />
      </g>
    </svg>
  )
}

const ECOSYSTEM = [
  { icon: ShieldCheck, title: 'Reference checks', text: 'Instant affordability checks through open banking, with the result in your dashboard.' },
  { icon: FileSignature, title: 'Contract builder', text: 'Build, pay for and e-sign tenancy agreements that follow current law.' },
  { icon: ScanLine, title: 'Inventory reports (OmniScan)', text: 'Inventory, check-in and check-out reports with photos and signatures.' },
  { icon: Wallet, title: 'Wallet bookkeeping', text: 'Track income, expenses and loans for every property in one place.' },
  { icon: CalendarDays, title: 'Calendar', text: 'Never miss a gas safety check, rent review or viewing again.' },
  { icon: House, title: 'Property listings', text: 'Publish your rentals and let tenants search and contact you directly.' },
  { icon: Newspaper, title: 'News', text: 'OmniNews keeps you up to date with the rental sector and new rules.' },
] as const

export default function LandingPage() {
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <HeroArt />
        <div className="hero__inner">
          <p className="hero__eyebrow">UK rentals, simplified</p>
          <h1 id="hero-title" className="hero__title">
            Renting made simple for landlords, tenants and vendors
          </h1>
          <p className="hero__lead">Find your next home, check affordability in minutes and manage every tenancy in one place.</p>
          <SearchBanner />
        </div>
      </section>

      <section className="get-started" aria-labelledby="get-started-title">
        <div className="get-started__inner">
          <div>
            <h2 id="get-started-title">New to OmniRent?</h2>
            <p>Create a free account in a minute and add your first property, or complete a reference check your landlord sent you.</p>
          </div>
          <Link to="/dashboard" className="button get-started__button">
            Get Started
            <ArrowRight aria-hidden size={20} />
          </Link>
        </div>
      </section>

      <section className="section refcheck" aria-labelledby="refcheck-title">
        <div className="section__inner refcheck__grid">
          <div>
            <p className="section__eyebrow">Reference checks</p>
            <h2 id="refcheck-title" className="section__title">
              Instant affordability checks with open banking
            </h2>
            <p className="section__lead">
              Your applicant connects their bank securely through open banking and we work out whether the rent is
              affordable. You get a clear result in minutes, and the landlord never sees the tenant&apos;s bank
              statements.
            </p>
            <ul className="ticks">
              <li>
                <Zap aria-hidden size={20} />
                Results in minutes, not days of chasing payslips
              </li>
              <li>
                <EyeOff aria-hidden size={20} />
                Bank statements stay private: you see the outcome, not the transactions
              </li>
              <li>
                <Landmark aria-hidden size={20} />
                Bank-grade, read-only access the applicant approves in their own banking app
              </li>
              <li>
                <BadgeCheck aria-hidden size={20} />
                Credit checks and comprehensive checks are coming soon
              </li>
            </ul>
            <div className="actions">
              <Link to="/dashboard" className="button">
                Start a reference check
              </Link>
              <Link to="/dashboard" className="button button--outline">
                View my checks
              </Link>
            </div>
          </div>
          <div className="refcheck__art" aria-hidden="true">
            <div className="mock-card">
              <div className="mock-card__head">
                <span className="mock-card__avatar">JS</span>
                <div>
                  <strong>Affordability check</strong>
                  <span>Flat 2, 14 Elm Road</span>
                </div>
              </div>
              <div className="mock-card__status">
                <Check size={18} /> Affordable
              </div>
              <div className="mock-card__bar">
                <span style={{ width: '78%' }} />
              </div>
              <dl className="mock-card__facts">
                <div>
                  <dt>Rent</dt>
                  <dd>£1,250 pcm</dd>
                </div>
                <div>
                  <dt>Verified by</dt>
                  <dd>Open banking</dd>
                </div>
                <div>
                  <dt>Statements shared</dt>
                  <dd>None</dd>
                </div>
              </dl>
            </div>
          </div>
        </div>
      </section>

      <section className="section section--soft" aria-labelledby="eco-title">
        <div className="section__inner">
          <p className="section__eyebrow">The OmniRent ecosystem</p>
          <h2 id="eco-title" className="section__title">
            Every tool for the whole tenancy
          </h2>
          <ul className="eco-grid">
            {ECOSYSTEM.map(({ icon: Icon, title, text }) => (
              <li key={title} className="eco-card">
                <span className="eco-card__icon">
                  <Icon aria-hidden size={24} />
                </span>
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section contract" aria-labelledby="contract-title">
        <div className="section__inner contract__grid">
          <div className="contract__art" aria-hidden="true">
            <div className="doc">
              <div className="doc__title">Assured periodic tenancy agreement</div>
              <div className="doc__line" />
              <div className="doc__line doc__line--short" />
              <div className="doc__line" />
              <div className="doc__line doc__line--mid" />
              <div className="doc__tag">England · Renters&apos; Rights Act 2025</div>
              <div className="doc__sign">
                <span>Landlord</span>
                <span>Tenant</span>
              </div>
            </div>
          </div>
          <div>
            <p className="section__eyebrow">Contract builder</p>
            <h2 id="contract-title" className="section__title">
              Tenancy agreements ready for the new rules
            </h2>
            <p className="section__lead">
              From 1 May 2026 the Renters&apos; Rights Act 2025 changed renting in England: new tenancies are periodic
              assured tenancies. Our contract builder guides you through an agreement and written statement of terms
              that follow the Act, then collects both signatures online.
            </p>
            <p className="contract__note">
              Templates help you get the paperwork right; they are not legal advice.
            </p>
            <Link to="/register" className="button">
              Sign Up Now
            </Link>
          </div>
        </div>
      </section>

      <section className="section community" aria-labelledby="community-title">
        <div className="section__inner community__inner">
          <h2 id="community-title" className="section__title">
            Join the OmniRent community
          </h2>
          <p className="section__lead">
            Tips for landlords and tenants, law changes explained in plain English, and product news. Follow us and say hello.
          </p>
          <SocialLinks withNames className="community__social" />
        </div>
      </section>
    </div>
  )
}
