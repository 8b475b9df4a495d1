// OmniCheck's welcome, shown the first time a landlord opens the dashboard
// (spec 2 section 2: 'Initiate default view is welcome on first login, else
// reference').
import { ClipboardCheck } from 'lucide-react'

export function WelcomeView({ name, onStart }: { name: string; onStart: () => void }) {
  const first = name.trim().split(/\s+/)[0] || name
  return (
    <section className="panel omni-welcome" aria-labelledby="omni-welcome-title">
      <span className="omni-welcome__icon" aria-hidden="true">
        <ClipboardCheck size={30} />
      </span>
      <h2 id="omni-welcome-title" className="omni-welcome__title">
        Welcome to OmniCheck, {first}
      </h2>
      <p className="omni-welcome__lead">
        Instant tenant reference checks, read from each renter&apos;s bank by open banking with their consent. You see their
        affordability; you never see their bank statements.
      </p>
      <ol className="omni-welcome__steps">
        <li>
          <strong>Choose your check.</strong> The Instant Check verifies income, outgoings and affordability from the
          renter&apos;s bank data, and compares the bank account holder&apos;s name with the renter&apos;s. It is not an
          identity check and not a Right to Rent check: you must still check the right to rent yourself.
        </li>
        <li>
          <strong>Enter the renters and the property.</strong> Each renter is checked separately.
        </li>
        <li>
          <strong>Pay, and we e-mail each renter a link.</strong> The report usually follows within 30 minutes of them completing it.
        </li>
      </ol>
      <button type="button" className="button" onClick={onStart}>
        GET STARTED
      </button>
    </section>
  )
}
