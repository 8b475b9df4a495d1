// A certificate's expiry: the colour AND the words (issue 16 section 2):
// red when expired or within 30 days, amber within 90, green beyond; the
// date and '20 days left' / 'Expires today' / 'Expired 3 days ago'.
import { CircleAlert, CircleCheck, Clock } from 'lucide-react'
import { expiryText, formatDay, type ExpiryStatus } from '../rules'

const ICONS = { red: CircleAlert, amber: Clock, green: CircleCheck }

type Props = { expiresOn: string; daysLeft: number; status: ExpiryStatus; text?: string; compact?: boolean }

export function Expiry({ expiresOn, daysLeft, status, text, compact }: Props) {
  const Icon = ICONS[status]
  const words = text || expiryText(daysLeft)
  return (
    <span className={`docs-expiry docs-expiry--${status}${compact ? ' docs-expiry--compact' : ''}`} data-status={status}>
      <Icon size={compact ? 16 : 18} aria-hidden="true" />
      <span>
        {compact ? <strong>{words}</strong> : daysLeft < 0 ? (
          <>
            <strong>{words}</strong> · {formatDay(expiresOn)}
          </>
        ) : (
          <>
            Expires {formatDay(expiresOn)} · <strong>{words}</strong>
          </>
        )}
      </span>
    </span>
  )
}
