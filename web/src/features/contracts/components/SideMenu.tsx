// The builder's side menu (spec 2, "Contract builder side menu views"):
// Create New (landlords), Completed, Draft (landlords), Awaiting tenant
// Signature, help; and the contents of the open agreement, each a link into
// the preview.
import type { ContractDocument } from '../api/types'
import { sectionAnchor } from '../document'

export type BuilderView = 'initiate' | 'completed' | 'draft' | 'awaiting' | 'help'

type Props = { view: BuilderView; landlord: boolean; onView: (v: BuilderView) => void; document?: ContractDocument }

export function SideMenu({ view, landlord, onView, document }: Props) {
  const items: Array<[BuilderView, string, boolean]> = [
    ['initiate', 'Create New Tenancy Contract', landlord],
    ['completed', 'Completed', true],
    ['draft', 'Draft', landlord],
    ['awaiting', 'Awaiting tenant Signature', true],
    ['help', 'help', true],
  ]
  return (
    <nav className="cw-menu" aria-label="Contract builder">
      <ul>
        {items.filter(([, , shown]) => shown).map(([v, label]) => (
          <li key={v}>
            <button type="button" className={`cw-menu__item${view === v ? ' is-active' : ''}`} aria-current={view === v ? 'page' : undefined} onClick={() => onView(v)}>
              {label}
            </button>
          </li>
        ))}
      </ul>
      {document ? (
        <div className="cw-menu__toc">
          <p className="cw-menu__label">This agreement</p>
          <ul>
            <li><a href={`#${sectionAnchor('cover')}`}>Cover page</a></li>
            {['A', 'B', 'C'].map((part) => (
              <li key={part}>
                <span className="cw-menu__part">Part {part}</span>
                <ul>
                  {document.sections.filter((s) => s.part === part).map((s) => (
                    <li key={s.id}><a href={`#${sectionAnchor(s.id)}`}>{s.number}. {s.title}</a></li>
                  ))}
                </ul>
              </li>
            ))}
            <li><a href={`#${sectionAnchor('signatures')}`}>Signature area</a></li>
          </ul>
        </div>
      ) : null}
    </nav>
  )
}
