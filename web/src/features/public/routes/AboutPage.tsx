// About us (spec 1 section 2.1): the story, the two co-founders, and the
// attributions the bundled open data requires (shared/data/README.md).
import { Link } from 'react-router'
import { Database, HeartHandshake, Scale, Sparkles } from 'lucide-react'
import '../about.css'

const FOUNDERS = [
  {
    initials: 'AH',
    name: 'Amelia Hart',
    role: 'Co-founder and Chief Executive',
    bio: 'Amelia spent ten years running a lettings agency in south London, where she saw good tenancies fall apart over paperwork and slow referencing. She leads OmniRent’s product and partnerships, and still manages a handful of family-owned flats herself.',
  },
  {
    initials: 'DO',
    name: 'Daniel Okafor',
    role: 'Co-founder and Chief Technology Officer',
    bio: 'Daniel built payment and open-banking systems at two UK fintechs before renting his first flat in Manchester and losing a weekend to printing bank statements. He leads engineering, security and data protection at OmniRent.',
  },
] as const

const VALUES = [
  { icon: Scale, title: 'Fair to both sides', text: 'Tools that help landlords follow the law and give tenants a clear, respectful process.' },
  { icon: Sparkles, title: 'Simple by default', text: 'Every task, from a reference check to a signed agreement, in as few steps as possible.' },
  { icon: HeartHandshake, title: 'Private by design', text: 'We collect what a task needs and no more. Landlords see affordability results, never bank statements.' },
] as const

export default function AboutPage() {
  return (
    <div className="about">
      <section className="about__hero">
        <div className="page-section about__hero-inner">
          <p className="page-eyebrow">About us</p>
          <h1>We make renting simple for landlords, tenants and vendors</h1>
          <p className="page-lead">
            OmniRent started with a simple idea: renting a home in the UK should not take a filing cabinet. We bring
            reference checks, tenancy agreements, inventory reports, bookkeeping and listings together in one place, so
            everyone in a tenancy can spend less time on admin and more time on the home.
          </p>
        </div>
      </section>

      <section className="page-section" aria-labelledby="values-title">
        <h2 id="values-title">What we stand for</h2>
        <ul className="about__values">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="card">
              <Icon aria-hidden size={26} className="about__value-icon" />
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="page-section" aria-labelledby="founders-title">
        <h2 id="founders-title">Meet the founders</h2>
        <ul className="about__founders">
          {FOUNDERS.map((f) => (
            <li key={f.name} className="card founder">
              <span className="founder__avatar" aria-hidden="true">
                {f.initials}
              </span>
              <div>
                <h3 className="founder__name">{f.name}</h3>
                <p className="founder__role">{f.role}</p>
                <p className="founder__bio">{f.bio}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="page-section" aria-labelledby="sources-title">
        <div className="card about__sources">
          <h2 id="sources-title">
            <Database aria-hidden size={22} /> Data sources
          </h2>
          <p>
            Searches by postcode district and the &ldquo;nearest stations&rdquo; shown with listings use open data that we
            ship with OmniRent, so they work without calling an outside service.
          </p>
          <h3>Postcode district locations</h3>
          <p>
            The approximate locations of UK postcode districts (outward codes such as &ldquo;SW11&rdquo;) are derived from
            Ordnance Survey Code-Point Open and Office for National Statistics data, used under the{' '}
            <a href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/">Open Government Licence v3.0</a>.
          </p>
          <ul>
            <li>Contains OS data © Crown copyright and database right.</li>
            <li>Contains National Statistics data © Crown copyright.</li>
          </ul>
          <h3>Rail stations</h3>
          <p>
            Railway station names and locations come from the <code>uk-railway-stations</code> dataset, derived from{' '}
            <a href="https://github.com/trainline-eu/stations">Trainline EU&apos;s stations data</a>, and are used under the{' '}
            <a href="https://opendatacommons.org/licenses/odbl/1-0/">Open Database Licence (ODbL) v1.0</a>. © the
            dataset&apos;s contributors. If we change this data, we publish our changes under the same licence.
          </p>
        </div>
      </section>

      <section className="page-section about__cta">
        <h2>Come and rent the simple way</h2>
        <p>Create your free account, or get in touch: we read every message.</p>
        <div className="about__actions">
          <Link to="/dashboard" className="button">
            Get Started
          </Link>
          <Link to="/Blog" className="button button--outline">
            Read the blog
          </Link>
        </div>
      </section>
    </div>
  )
}
