// The left icon menu. On the rail each icon shows its name as a tooltip on
// hover and keyboard focus; in the mobile drawer the names are shown beside
// the icons. An entry without a destination is listed but cannot be opened.
import { Link, useLocation } from 'react-router'
import type { User } from '../../lib/api'
import { isActive, toolsFor } from './tools'

type Props = {
  user: User
  variant: 'rail' | 'drawer'
  /** onNavigate closes the drawer after a choice. */
  onNavigate?: () => void
}

export function IconMenu({ user, variant, onNavigate }: Props) {
  const { pathname } = useLocation()
  const tools = toolsFor(user)
  return (
    <nav className={`icon-menu icon-menu--${variant}`} aria-label="Main menu">
      <ul>
        {tools.map((t) => {
          const active = isActive(t, pathname)
          const label = (
            <span className="icon-menu__label" aria-hidden={variant === 'rail' ? true : undefined}>
              {t.name}
            </span>
          )
          if (!t.to) {
            return (
              <li key={t.key}>
                <span
                  className="icon-menu__item icon-menu__item--disabled"
                  role="link"
                  aria-disabled="true"
                  aria-label={t.name}
                  tabIndex={0}
                  data-tool={t.key}
                >
                  <t.Icon aria-hidden size={22} />
                  {label}
                </span>
              </li>
            )
          }
          return (
            <li key={t.key}>
              <Link
                to={t.to}
                className={active ? 'icon-menu__item icon-menu__item--active' : 'icon-menu__item'}
                aria-label={t.name}
                aria-current={active ? 'page' : undefined}
                data-tool={t.key}
                onClick={onNavigate}
              >
                <t.Icon aria-hidden size={22} />
                {label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
