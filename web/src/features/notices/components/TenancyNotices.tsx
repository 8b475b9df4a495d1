// One signed tenancy's notices as one side sees them: its rent increases
// (and the way to propose one, for the landlord) and how it ends (a tenant
// gives notice here; a landlord is told what the law requires of them).
import { Link } from 'react-router'
import { ExternalLink } from 'lucide-react'
import { FormMessage } from '../../../components/Form'
import type { NoticeTenancy } from '../api/notices'
import { GiveNoticeForm } from './GiveNoticeForm'
import { IncreaseCard } from './IncreaseCard'
import { ProposeForm } from './ProposeForm'

export function TenancyNotices({ tenancy: t, headingLevel = 2 }: { tenancy: NoticeTenancy; headingLevel?: 2 | 3 }) {
  const landlord = t.role === 'landlord'
  const H = headingLevel === 2 ? 'h2' : 'h3'
  const Sub = headingLevel === 2 ? 'h3' : 'h4'
  const titleId = `nt-t-${t.id}`
  const waiting = t.increases.some((i) => i.status === 'draft' || ((i.status === 'served' || i.status === 'accepted') && !i.inEffect))
  return (
    <section className="panel nt-tenancy" aria-labelledby={titleId}>
      <H id={titleId} className="nt-h2">{landlord ? t.address : 'Your rent and notice'}</H>
      <p className="nt-muted nt-small">
        {landlord ? <>Let to {t.tenants.join(' and ')} from {t.startText}. </> : <>{t.address}. </>}
        Rent: <strong>{t.rent}</strong>.{' '}
        {t.agreementLink ? <Link to={t.agreementLink}>The signed agreement</Link> : null}
      </p>
      {t.notHandled ? (
        <FormMessage kind="info">
          {t.notHandled.text}{' '}
          <a href={t.notHandled.url} target="_blank" rel="noreferrer">The law there</a>
        </FormMessage>
      ) : null}

      <div className="nt-part">
        <Sub className="nt-h3">Rent increase</Sub>
        {t.increases.length === 0 ? (
          <p className="nt-muted">{landlord ? 'No rent increase proposed.' : 'Your landlord has not served a rent increase.'}</p>
        ) : (
          <div className="nt-cards">
            {t.increases.map((i) => <IncreaseCard key={i.id} inc={i} tenancy={t} />)}
          </div>
        )}
        {landlord && t.canPropose ? <ProposeForm tenancy={t} /> : null}
        {landlord && !t.canPropose && waiting ? (
          <p className="nt-muted nt-small">One increase at a time: withdraw the one waiting to propose another.</p>
        ) : null}
        {landlord && t.notice && !waiting ? (
          <p className="nt-muted nt-small">The tenancy is ending by your tenant's notice: there is no rent increase to propose.</p>
        ) : null}
        {t.increaseLaw ? (
          <p className="nt-small nt-law">
            The rent can only rise by the prescribed notice, at most once a year:{' '}
            <a href={t.increaseLaw.url} target="_blank" rel="noreferrer">{t.increaseLaw.text}</a>.
          </p>
        ) : null}
      </div>

      <div className="nt-part">
        <Sub className="nt-h3">Ending the tenancy</Sub>
        {t.notice ? (
          <div className="nt-end" role="status">
            <p>
              {t.notice.givenByName} gave notice at {t.notice.givenText}. The tenancy ends on <strong>{t.notice.endText}</strong>.
            </p>
            {landlord && t.checkOutLink ? (
              <p>
                Before then, run the check-out: start the check-out report from the check-in report.{' '}
                <Link className="button button--small" to={t.checkOutLink}>Start the check-out report</Link>
              </p>
            ) : null}
          </div>
        ) : landlord ? (
          <p className="nt-muted">No tenant has given notice.</p>
        ) : null}
        {!landlord && t.canGiveNotice ? <GiveNoticeForm tenancy={t} /> : null}
        {landlord && t.possession ? (
          <p className="nt-small">
            {t.possession.text}{' '}
            <a href={t.possession.url} target="_blank" rel="noreferrer">
              The government's guidance on evicting tenants <ExternalLink aria-hidden size={14} />
            </a>
          </p>
        ) : null}
        {!landlord && t.noticeLaw && t.canGiveNotice ? (
          <p className="nt-small nt-law">
            <a href={t.noticeLaw.url} target="_blank" rel="noreferrer">{t.noticeLaw.text}</a>
          </p>
        ) : null}
      </div>
    </section>
  )
}
