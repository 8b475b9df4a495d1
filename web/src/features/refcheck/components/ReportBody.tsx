// One renter's affordability report, as the landlord's report page and the
// renter's own completed page show it: the rating, every reason in plain
// words with what it does to the rating, the key figures, the income
// sources, the monthly chart and the self-declared answers. It holds
// figures only: the API carries no individual transaction.
import { CircleAlert, CircleCheck, CircleX, Info, type LucideIcon } from 'lucide-react'
import { formatPence } from '../../../lib/money'
import { IncomeChart } from './IncomeChart'
import { CheckScope } from './CheckScope'
import type { AffordabilityReport } from '../api/keys'
import {
  CATEGORY_LABEL,
  EFFECT_LABEL,
  RATING_TEXT,
  dayText,
  lastDayText,
  percent,
  perMonth,
  type Effect,
  type Rating,
} from '../reportFormat'
import '../report.css'

const EFFECT_ICON: Record<Effect, LucideIcon> = { positive: CircleCheck, refer: CircleAlert, fail: CircleX, info: Info }
const RATING_ICON: Record<Rating, LucideIcon> = { Pass: CircleCheck, Refer: CircleAlert, Fail: CircleX }

const RENTER_RATING_TEXT: Record<Rating, string> = {
  Pass: 'You pass the affordability check.',
  Refer: 'The property manager will look at the reasons below before deciding.',
  Fail: 'You do not pass the affordability check on your own; a guarantor may help.',
}

type Props = {
  report: AffordabilityReport
  /** landlord: the property manager's words; renter: the renter's own. */
  audience: 'landlord' | 'renter'
  /** The whole monthly rent, when known (the landlord's page). */
  rentPence?: number
  /** Level of the section headings: 2 under the page's h1, 3 under an h2. */
  level?: 2 | 3
  /** The nation of a property outside England, where no Right to Rent check is needed. */
  rightToRentNotNeededIn?: string
}

export function RatingBadge({ rating }: { rating: Rating }) {
  const Icon = RATING_ICON[rating]
  return (
    <span className={`rating-badge rating-badge--${rating.toLowerCase()}`}>
      <Icon aria-hidden size={22} />
      Rating: {rating}
    </span>
  )
}

export function ReportBody({ report: r, audience, rentPence, level = 2, rightToRentNotNeededIn }: Props) {
  const H: 'h2' | 'h3' = level === 2 ? 'h2' : 'h3'
  const landlord = audience === 'landlord'
  const d = r.declaration
  const gambling =
    r.gambling.payments === 0
      ? 'None found'
      : `${r.gambling.payments} payments, ${formatPence(r.gambling.totalPence)} (${percent(r.gambling.shareOfIncome)} of income)`
  const rentShare =
    rentPence !== undefined && rentPence !== r.rentSharePence
      ? `${perMonth(r.rentSharePence)} (of ${formatPence(rentPence)} rent)`
      : perMonth(r.rentSharePence)

  return (
    <div className="report">
      <section className="report__rating" aria-labelledby="report-rating-title">
        <H id="report-rating-title" className="visually-hidden">
          Rating
        </H>
        <RatingBadge rating={r.rating} />
        <p className="report__rating-text">{landlord ? RATING_TEXT[r.rating] : RENTER_RATING_TEXT[r.rating]}</p>
        <p className="report__period">
          From {r.monthsAnalysed} months of bank data, {dayText(r.periodFrom)} to {lastDayText(r.periodTo)}.
        </p>
      </section>

      <section className="report__section" aria-labelledby="report-reasons-title">
        <H id="report-reasons-title" className="report__title">
          Why this rating
        </H>
        <ul className="report-reasons">
          {r.reasons.map((reason, i) => {
            const Icon = EFFECT_ICON[reason.effect]
            return (
              <li key={i} className={`report-reason report-reason--${reason.effect}`}>
                <Icon aria-hidden size={20} className="report-reason__icon" />
                <span>
                  <span className="report-reason__effect">{EFFECT_LABEL[reason.effect]}:</span> {reason.text}
                </span>
              </li>
            )
          })}
        </ul>
      </section>

      <section className="report__section" aria-labelledby="report-figures-title">
        <H id="report-figures-title" className="report__title">
          Key figures
        </H>
        <dl className="report-facts">
          <div>
            <dt>Verified monthly income</dt>
            <dd>{formatPence(r.verifiedMonthlyPence)}</dd>
          </div>
          <div>
            <dt>Declared monthly income</dt>
            <dd>
              {formatPence(r.declaredMonthlyPence)}
              {r.incomeShortfall ? <span className="report-facts__flag"> (more than the bank data shows)</span> : null}
            </dd>
          </div>
          <div>
            <dt>Monthly rent share</dt>
            <dd>{rentShare}</dd>
          </div>
          <div>
            <dt>Annual income to monthly rent share</dt>
            <dd>{r.affordabilityRatio.toFixed(1)} times</dd>
          </div>
          <div>
            <dt>Regular outgoings</dt>
            <dd>
              {perMonth(r.regularOutgoingsPence)} ({percent(r.spendingRatio)} of income)
            </dd>
          </div>
          <div>
            <dt>Gambling</dt>
            <dd>{gambling}</dd>
          </div>
          <div>
            <dt>Bank account holder</dt>
            <dd>
              {r.accountHolders.join(', ') || 'Not known'}
              {r.nameMatches ? ' (matches the renter)' : <span className="report-facts__flag"> (does not match the renter)</span>}
            </dd>
          </div>
          <div>
            <dt>Age</dt>
            <dd>{r.age > 0 ? r.age : 'Not known'}</dd>
          </div>
        </dl>
      </section>

      <section className="report__section" aria-labelledby="report-sources-title">
        <H id="report-sources-title" className="report__title">
          Income sources
        </H>
        {r.sources.length === 0 ? (
          <p className="report__empty">No regular income was found.</p>
        ) : (
          <ul className="report-sources">
            {r.sources.map((s, i) => (
              <li key={i} className="report-source">
                <span className="report-source__name">{s.name}</span>
                <span className="report-source__meta">
                  {CATEGORY_LABEL[s.category]} · {s.payments} {s.payments === 1 ? 'payment' : 'payments'}
                </span>
                <strong className="report-source__amount">{perMonth(s.monthlyPence)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="report__section">
        <IncomeChart months={r.months} level={level} />
      </div>

      <section className="report__section" aria-labelledby="report-declared-title">
        <H id="report-declared-title" className="report__title">
          Self-declared answers
        </H>
        <dl className="report-facts">
          <div>
            <dt>Pets</dt>
            <dd>{d.noPets ? 'No pets' : 'Has pets'}</dd>
          </div>
          <div>
            <dt>Smoking</dt>
            <dd>{d.noSmoking ? 'Does not smoke' : 'Smokes'}</dd>
          </div>
          <div>
            <dt>Right to Rent documents</dt>
            <dd>{d.rightToRentDocuments ? 'Declares having them (not checked)' : 'Not declared'}</dd>
          </div>
          <div>
            <dt>Previous property manager&apos;s e-mail</dt>
            <dd>{d.previousManagerEmail || 'Not given'}</dd>
          </div>
        </dl>
      </section>

      {landlord ? <CheckScope headingLevel={3} notNeededIn={rightToRentNotNeededIn} /> : null}

      <p className="report__note">
        {landlord ? (
          <>
            These figures were worked out from the renter&apos;s bank data with their consent; their bank statements are
            never shared or kept. The rating informs your decision but does not make it. Refusing a renter because they
            have children or receive benefits is unlawful, and you must still check the right to rent of every adult
            before the tenancy starts.
          </>
        ) : (
          <>
            These figures were worked out from your bank data with your consent. The property manager sees this report,
            never your bank statements, and OmniRent does not keep them.
          </>
        )}
      </p>
    </div>
  )
}
