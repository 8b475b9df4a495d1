// The wallet's menu (spec 3 "Wallet": Overview and Properties, plus the tax
// year) and the plus menu: Add Income, Add Expense, Add Loan.
import { Link, useNavigate } from 'react-router'
import { Plus } from 'lucide-react'
import { MenuButton } from './Menu'

export type WalletView = 'overview' | 'properties' | 'tax-year' | 'transactions'

const VIEWS: Array<[WalletView, string, string]> = [
  ['overview', 'Overview', '/wallet'],
  ['properties', 'Properties', '/wallet/properties'],
  ['tax-year', 'Tax year', '/wallet/tax-year'],
]

export function WalletNav({ view }: { view: WalletView }) {
  return (
    <div className="wl-head">
      <h1 className="wl-head__title">Wallet</h1>
      <nav className="wl-tabs" aria-label="Wallet menu">
        {VIEWS.map(([v, label, to]) => (
          <Link key={v} to={to} className={v === view ? 'is-active' : undefined} aria-current={v === view ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      <PlusMenu />
    </div>
  )
}

export function PlusMenu() {
  const navigate = useNavigate()
  return (
    <MenuButton
      label="Add a transaction"
      className="wl-plus"
      items={[
        { key: 'income', label: 'Add Income', onSelect: () => navigate('/wallet/add/income') },
        { key: 'expense', label: 'Add Expense', onSelect: () => navigate('/wallet/add/expense') },
        { key: 'loan', label: 'Add Loan', onSelect: () => navigate('/wallet/add/loan') },
      ]}
    >
      <Plus aria-hidden size={22} />
      <span className="wl-plus__text">Add</span>
    </MenuButton>
  )
}
