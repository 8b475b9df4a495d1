// The attendees as avatars: up to three (spec 3 section 9), then '+N' for the rest.
import type { Attendee } from '../api/keys'
import { AVATARS_SHOWN, initials } from '../rules'

export function fullName(p: Attendee): string {
  return `${p.firstName} ${p.lastName}`.trim()
}

export function Avatars({ people, size = 'normal' }: { people: Attendee[]; size?: 'normal' | 'small' }) {
  if (people.length === 0) return null
  const shown = people.slice(0, AVATARS_SHOWN)
  const more = people.length - shown.length
  const names = people.map(fullName).join(', ')
  return (
    <span className={`cal-avatars cal-avatars--${size}`} role="img" aria-label={`Attendees: ${names}`}>
      {shown.map((p, i) => (
        <span key={`${p.email}-${i}`} className={`cal-avatar cal-avatar--${i % 3}`} title={fullName(p)} aria-hidden="true">
          {initials(p.firstName, p.lastName)}
        </span>
      ))}
      {more > 0 ? (
        <span className="cal-avatar cal-avatar--more" aria-hidden="true">
          +{more}
        </span>
      ) : null}
    </span>
  )
}
