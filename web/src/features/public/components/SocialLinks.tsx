// The four social profiles, drawn as small inline SVG marks (lucide v1 has no
// brand logos) so they cost no request. Used by the footer and the landing page.
import type { ReactNode } from 'react'

export type Social = { name: string; href: string; icon: ReactNode }

const svg = (children: ReactNode) => (
  <svg
    width="22"
    height="22"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
)

export const SOCIALS: readonly Social[] = [
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/omnirentuk',
    icon: svg(<path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />),
  },
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/omnirentuk',
    icon: svg(
      <>
        <rect width="20" height="20" x="2" y="2" rx="5" ry="5" />
        <circle cx="12" cy="12" r="4" />
        <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
      </>,
    ),
  },
  {
    name: 'LinkedIn',
    href: 'https://www.linkedin.com/company/omnirentuk',
    icon: svg(
      <>
        <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
        <rect width="4" height="12" x="2" y="9" />
        <circle cx="4" cy="4" r="2" />
      </>,
    ),
  },
  {
    name: 'X',
    href: 'https://x.com/omnirentuk',
    icon: svg(
      <>
        <path d="M4 4l11.7 16H20L8.3 4z" />
        <path d="M4 20l6.8-6.8M13.2 10.8 20 4" />
      </>,
    ),
  },
]

/** SocialLinks renders the profiles as a list of icon links; withNames shows the names as text too. */
export function SocialLinks({ className, withNames = false }: { className?: string; withNames?: boolean }) {
  return (
    <ul className={['social-links', withNames ? 'social-links--named' : '', className ?? ''].filter(Boolean).join(' ')}>
      {SOCIALS.map((s) => (
        <li key={s.name}>
          <a
            className="social-links__link"
            href={s.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={withNames ? undefined : `OmniRent on ${s.name} (opens in a new tab)`}
          >
            {s.icon}
            {withNames ? (
              <span>
                {s.name}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </span>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  )
}
