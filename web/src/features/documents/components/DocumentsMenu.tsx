// The documents menu (spec 1 section 2.8, issue 16 section 1): four cards,
// each with the count of what needs the landlord's action (the server
// counts), tapping opens the view's property picker and the plus starts a
// new one in its own area.
import { Link } from 'react-router'
import { ClipboardList, FileSignature, Plus, ShieldCheck, UserCheck, type LucideIcon } from 'lucide-react'
import { FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { useDocumentsSummary } from '../api/summary'
import type { Counts } from '../api/keys'
import type { DocView } from '../rules'

type Card = {
  view: DocView
  count: keyof Counts
  name: string
  text: string
  Icon: LucideIcon
  plus: { to: string; label: string }
}

const CARDS: Card[] = [
  {
    view: 'ReferenceChecks',
    count: 'referenceChecks',
    name: 'Reference checks',
    text: 'Checks of your renters, still running or complete.',
    Icon: UserCheck,
    plus: { to: '/dashboard?view=initiate&step=reference', label: 'Start a new reference check' },
  },
  {
    view: 'Contracts',
    count: 'contracts',
    name: 'Contracts',
    text: 'Tenancy agreements: drafts, awaiting signatures and signed.',
    Icon: FileSignature,
    plus: { to: '/contract-builder?view=initiate', label: 'Start a new contract' },
  },
  {
    view: 'Certificates',
    count: 'certificates',
    name: 'Certificates',
    text: 'Gas safety, EICR, EPC and HMO licence, with their expiry dates.',
    Icon: ShieldCheck,
    plus: { to: '/documents/Certificates?then=upload', label: 'Upload a certificate' },
  },
  {
    view: 'InventoryReports',
    count: 'inventoryReports',
    name: 'Inventory reports',
    text: 'Inventory, check-in, interim and check-out reports.',
    Icon: ClipboardList,
    plus: { to: '/NewReport', label: 'Start a new inventory report' },
  },
]

export function DocumentsMenu() {
  const q = useDocumentsSummary()
  return (
    <div className="page docs">
      <h1 className="page__title">Documents</h1>
      <p className="page__lead">Every paper of your properties in one place. The numbers count what needs your action.</p>
      {q.isError ? <FormMessage kind="error">{errorMessage(q.error)}</FormMessage> : null}
      <ul className="docs-cards">
        {CARDS.map((c) => {
          const n = q.data?.counts[c.count]
          return (
            <li key={c.view} className="docs-card" data-testid={`docs-card-${c.view}`}>
              <Link to={`/documents/${c.view}`} className="docs-card__open">
                <span className="docs-card__icon" aria-hidden="true">
                  <c.Icon size={24} />
                </span>
                <span className="docs-card__name">{c.name}</span>
                <span className="docs-card__text">{c.text}</span>
                <span className={n ? 'docs-card__count docs-card__count--alert' : 'docs-card__count'}>
                  {'Action needed '}
                  <span className="docs-pill" aria-busy={n === undefined || undefined}>
                    {n ?? '…'}
                  </span>
                </span>
              </Link>
              <Link to={c.plus.to} className="docs-card__plus" aria-label={c.plus.label} title={c.plus.label}>
                <Plus size={22} aria-hidden="true" />
              </Link>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
