// Payment success (spec 2 section 2): thanks the buyer, says the check was
// sent to the renters and that a confirmation e-mail and the completed report
// will follow. START NEW CHECK begins again.
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { CircleCheck } from 'lucide-react'
import { useReferenceCheck } from '../api/referenceCheck'
import { placeHref } from '../views'

export function SuccessView({ checkId, onStartNew }: { checkId: string; onStartNew: () => void }) {
  const check = useReferenceCheck(checkId)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const renters = check.data?.renters ?? []
  return (
    <section className="panel omni-success" aria-labelledby="omni-success-title">
      <span className="omni-success__icon" aria-hidden="true">
        <CircleCheck size={34} />
      </span>
      <h2 id="omni-success-title" className="omni-success__title" ref={heading} tabIndex={-1}>
        Thank you for your purchase!
      </h2>
      <p>
        Your reference check has been sent to your {renters.length === 1 ? 'renter' : 'renters'}. You will receive a confirmation
        e-mail, and the completed report will follow once {renters.length === 1 ? 'they have' : 'each renter has'} completed the
        check.
      </p>
      {renters.length > 0 ? (
        <ul className="omni-success__renters" aria-label="Renters e-mailed">
          {renters.map((r) => (
            <li key={r.id}>
              <strong>{r.name}</strong> <span>{r.email}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="omni-actions omni-actions--center">
        <button type="button" className="button" onClick={onStartNew}>
          START NEW CHECK
        </button>
        <Link className="button button--outline" to={placeHref({ view: 'active' })}>
          View Active Reports
        </Link>
      </div>
    </section>
  )
}
