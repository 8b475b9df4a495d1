// A tenant's home (issue 27), the dashboard when the signed-in user is a
// tenant: what needs doing first, then each tenancy (the agreement and who
// has signed it, the landlord and the address for notices, the home's
// certificates and deposit papers), inventory reports, reference checks and
// the dates ahead. Everything comes from GET /api/me/home; the server
// decides what the tenant may see.
import { Link } from 'react-router'
import { CalendarClock, CheckCircle2, Circle, Download, FileText, Mail, Wrench } from 'lucide-react'
import type { User } from '../../../lib/api'
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { HomeNotices } from '../../notices/components/HomeNotices'
import { HomeDeposit } from '../../deposit/components/HomeDeposit'
import { useTenantHome, type TenantHome as Home, type TenantTenancy } from '../api/tenantHome'
import '../../../app/shell/pages.css'
import '../dashboard.css'

const longDate = (day: string) => {
  const d = new Date(day.length === 10 ? `${day}T12:00:00Z` : day)
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' })
}

export function TenantHome({ user }: { user: User }) {
  const q = useTenantHome()
  return (
    <div className="page th">
      <h1 className="page__title">Welcome, {user.fullName}</h1>
      <p className="page__lead">Your home on OmniRent: your tenancy agreement, your home's certificates, reports and the dates ahead.</p>
      {q.isPending ? <div className="page-loading"><Spinner /></div> : null}
      {q.isError ? <FormMessage kind="error">{errorMessage(q.error)}</FormMessage> : null}
      {q.data && q.data.tenancies.length > 0 ? (
        <p className="th-repairs">
          <Link className="button button--small" to="/maintenance/report"><Wrench aria-hidden size={18} /> Report a repair</Link>
          <Link className="button button--small button--outline" to="/maintenance">Your repairs</Link>
        </p>
      ) : null}
      {q.data ? <HomeBody home={q.data} /> : null}
    </div>
  )
}

function HomeBody({ home }: { home: Home }) {
  const toSign = home.tenancies.filter((t) => t.awaitingYourSignature)
  const reportsToSign = home.reports.filter((r) => r.canSign)
  const checksWaiting = home.referenceChecks.filter((c) => c.link)
  const todo = toSign.length + reportsToSign.length + checksWaiting.length
  return (
    <>
      <section className="panel th-todo" aria-labelledby="th-todo-title">
        <h2 id="th-todo-title" className="th__h2">What needs doing</h2>
        {todo === 0 ? (
          <p className="th-muted">Nothing is waiting for you right now.</p>
        ) : (
          <ul className="th-list">
            {toSign.map((t) => (
              <li key={t.id} className="th-todo__item">
                {t.notice ? (
                  <span>Your tenancy agreement for <strong>{t.address}</strong>: {t.notice}</span>
                ) : (
                  <span>Your tenancy agreement for <strong>{t.address}</strong> is waiting for your signature.</span>
                )}
                {t.canSignNow ? (
                  <Link className="button button--small" to={t.signLink}>Read and sign</Link>
                ) : (
                  <Link className="button button--small button--outline" to={t.link}>Read the agreement</Link>
                )}
              </li>
            ))}
            {reportsToSign.map((r) => (
              <li key={r.id} className="th-todo__item">
                <span>The {r.type.toLowerCase()} for <strong>{r.property.addrFirstLine}</strong> is waiting for your signature.</span>
                <Link className="button button--small" to={r.link}>Check and sign</Link>
              </li>
            ))}
            {checksWaiting.map((c) => (
              <li key={c.link} className="th-todo__item">
                <span>A reference check for <strong>{c.property.addrFirstLine}</strong> is waiting for you.</span>
                <Link className="button button--small" to={c.link}>Start the check</Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="th-tenancies-title">
        <h2 id="th-tenancies-title" className="th__h2">Your tenancy</h2>
        {home.tenancies.length === 0 ? (
          <p className="panel th-muted">
            No tenancy agreement yet. When a landlord sends you one, it appears here for you to read and sign.
          </p>
        ) : (
          home.tenancies.map((t) => <Tenancy key={t.id} t={t} />)
        )}
      </section>

      {/* Rent increases served and the tenant's notice (issue 45), per signed tenancy. */}
      {home.tenancies.some((t) => t.status !== 'ATS') ? <HomeNotices /> : null}
      {/* The deposit's protection (issue 45). */}
      {home.tenancies.some((t) => t.status !== 'ATS') ? <HomeDeposit /> : null}

      <div className="th-columns">
        <section className="panel" aria-labelledby="th-dates-title">
          <h2 id="th-dates-title" className="th__h2"><CalendarClock aria-hidden size={20} /> Dates ahead</h2>
          {home.dates.length === 0 ? (
            <p className="th-muted">No dates yet: rent days and safety checks appear once you have a tenancy.</p>
          ) : (
            <ul className="th-list th-dates">
              {home.dates.map((d) => (
                <li key={d.date + d.title + d.detail}>
                  <strong>{longDate(d.date)}</strong> <span>{d.title}</span>
                  {d.detail ? <span className="th-muted th-small"> {d.detail}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="panel" aria-labelledby="th-reports-title">
          <h2 id="th-reports-title" className="th__h2">Inventory reports</h2>
          {home.reports.length === 0 ? (
            <p className="th-muted">No inventory reports yet. When your landlord sends one, you can read it here, sign it or dispute what you disagree with.</p>
          ) : (
            <ul className="th-list">
              {home.reports.map((r) => (
                <li key={r.id} className="th-row">
                  <span>
                    <strong>{r.type}</strong> for {r.property.addrFirstLine}
                    <span className="th-muted th-small"> {r.statusText}{r.signed ? ', signed by you' : ''}</span>
                  </span>
                  <Link to={r.link}>{r.canSign ? 'Check, sign or dispute' : 'Open the report'}</Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="panel" aria-labelledby="th-checks-title">
          <h2 id="th-checks-title" className="th__h2">Reference checks</h2>
          {home.referenceChecks.length === 0 ? (
            <p className="th-muted">No reference checks. If a landlord asks for one, it appears here.</p>
          ) : (
            <ul className="th-list">
              {home.referenceChecks.map((c) => (
                <li key={c.askedAt + c.property.addrFirstLine} className="th-row">
                  <span>
                    <strong>{c.property.addrFirstLine}</strong>, {c.property.town}
                    <span className="th-muted th-small"> {c.statusText}</span>
                  </span>
                  {c.link ? <Link to={c.link}>Start the check</Link> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  )
}

function Tenancy({ t }: { t: TenantTenancy }) {
  return (
    <article className="panel th-tenancy" aria-labelledby={`th-t-${t.id}`}>
      <header className="th-tenancy__head">
        <div>
          <h3 id={`th-t-${t.id}`} className="th__h3">{t.address}</h3>
          <p className="th-muted">
            {t.statusText}
            {t.rent ? <> · {t.rent}</> : null}
            {t.startDate ? <> · starts {longDate(t.startDate)}</> : null}
          </p>
        </div>
        <div className="th-actions">
          {t.awaitingYourSignature && t.canSignNow ? <Link className="button" to={t.signLink}>Read and sign</Link> : null}
          <Link className="button button--outline" to={t.link}><FileText aria-hidden size={18} /> Open the agreement</Link>
          {t.pdfUrl ? <a className="button button--outline" href={t.pdfUrl} download><Download aria-hidden size={18} /> Signed agreement (PDF)</a> : null}
        </div>
      </header>

      <div className="th-grid">
        <section aria-label="Who has signed">
          <h4 className="th__h4">Who has signed</h4>
          <ul className="th-list th-signers">
            {t.signers.map((s, i) => (
              <li key={i}>
                {s.signed ? <CheckCircle2 aria-hidden size={18} className="th-ok" /> : <Circle aria-hidden size={18} className="th-wait" />}
                <span>
                  {s.name}{s.me ? ' (you)' : ''} <span className="th-muted th-small">{s.role}</span>
                  <span className="th-small th-block">{s.signed && s.signedAt ? `Signed on ${longDate(s.signedAt)}` : 'Not signed yet'}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-label="Your landlord">
          <h4 className="th__h4">Your landlord</h4>
          <p className="th-tight"><strong>{t.landlord.name || 'Your landlord'}</strong></p>
          {t.landlord.email ? (
            <p className="th-tight"><Mail aria-hidden size={16} /> <a href={`mailto:${t.landlord.email}`}>{t.landlord.email}</a></p>
          ) : null}
          {t.landlord.addressForNotices ? (
            <p className="th-tight"><span className="th-muted th-small th-block">Address for notices</span>{t.landlord.addressForNotices}</p>
          ) : null}
        </section>
      </div>

      <section aria-label="Your home's certificates">
        <h4 className="th__h4">Your home's certificates</h4>
        {t.certificates.length === 0 ? (
          <p className="th-muted">Your landlord has not added any certificates on OmniRent yet.</p>
        ) : (
          <ul className="th-list th-certs">
            {t.certificates.map((c) => (
              <li key={c.name} className="th-row">
                <span>
                  <strong>{c.name}</strong>
                  <span className="th-muted th-small th-block">
                    {c.missing ? 'Not shared yet: your landlord must give you a copy. Ask them for it.' : c.expiresOn ? `Valid until ${longDate(c.expiresOn)}` : 'Shared with you'}
                  </span>
                </span>
                <span className="th-copies">
                  {c.copies.map((f) => (
                    <a key={f.url} href={f.url} download aria-label={`Download the ${c.name} (${f.filename})`}>
                      <Download aria-hidden size={16} /> Download
                    </a>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  )
}
