// /inventory (spec 3 section 2): the welcome page for a new report
// ('Inventory & Condition' with the 'Start new report' card) and the
// OmniScan menu's report lists, the view kept in the address.
import { Link, useSearchParams } from 'react-router'
import { FilePlus2 } from 'lucide-react'
import { CarriedToast } from '../../../components/CarriedToast'
import { ToastProvider } from '../../../components/Toast'
import { ReportList } from '../components/ReportList'
import { SideMenu, TENANT_VIEWS, type InventoryView } from '../components/SideMenu'
import { useAuth } from '../../../lib/auth'
import '../../../app/shell/pages.css'
import '../inventory.css'

const LISTS = ['draft', 'active', 'completed'] as const

export default function InventoryPage() {
  return (
    <ToastProvider>
      <CarriedToast />
      <Inventory />
    </ToastProvider>
  )
}

function Inventory() {
  const [params] = useSearchParams()
  const { user } = useAuth()
  const tenant = user?.userType === 'Tenant'
  const asked = params.get('view')
  // A tenant opens on the reports sent to them: no start card, no drafts.
  const list = LISTS.find((v) => v === asked && (!tenant || TENANT_VIEWS.includes(v))) ?? (tenant ? 'active' : undefined)
  const view: InventoryView = list ?? 'initiate'
  return (
    <div className="inv-layout">
      <SideMenu view={view} />
      <div className="inv-main">
        {list ? (
          <ReportList view={list} />
        ) : (
          <section className="panel inv-welcome" aria-labelledby="inv-welcome-title">
            <h1 id="inv-welcome-title" className="page__title">Inventory &amp; Condition</h1>
            <p className="page__lead">Record a property's rooms, items, meters and documents with photos, then sign and send the report.</p>
            <Link to="/NewReport" className="inv-start-card">
              <FilePlus2 aria-hidden size={32} />
              <strong>Start new report</strong>
              <span className="inv-muted">Inventory, check-in, interim or check-out report</span>
            </Link>
          </section>
        )}
      </div>
    </div>
  )
}
