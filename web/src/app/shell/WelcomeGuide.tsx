// The help icon's welcome guide (spec 1 sections 1 and 2.2): the main menu,
// the sub menu and how to close. Anything other than Tenant reads the
// landlord text.
import { Dialog } from '../../components/Dialog'
import type { User } from '../../lib/api'

export function WelcomeGuide({ open, onClose, user }: { open: boolean; onClose: () => void; user: User }) {
  const tenant = user.userType === 'Tenant'
  return (
    <Dialog open={open} onClose={onClose} title="Welcome to OmniRent">
      <div className="welcome-guide">
        <p>
          <strong>OmniRent makes renting simple for landlords, tenants and vendors.</strong>
        </p>
        {tenant ? (
          <p>
            As a tenant you can complete your reference check, sign your tenancy agreement and review your inventory
            reports in one place. Reference checks show your affordability, and bank verification means your landlord
            never sees your bank statements.
          </p>
        ) : (
          <p>
            As a landlord you can run reference checks, build and send tenancy agreements, produce inventory reports and
            keep your books. Reference checks show a tenant&apos;s affordability, and bank verification means you never
            see their bank statements.
          </p>
        )}
        <h3>The main menu</h3>
        <p>
          The icons on the left open each tool: Reference Check, OmniNews, Contract Builder, OmniScan inventory,
          {tenant ? '' : ' Wallet,'} Calendar, Property Listings, Documents and your Profile. Point at an icon, or move
          to it with the keyboard, to see its name. On a small screen, open the menu with the menu button at the top.
        </p>
        <h3>The sub menu</h3>
        <p>
          Inside a tool, the sub menu lets you {tenant ? 'see' : 'create or initiate a new item, see'} active or
          completed contracts and reports{tenant ? '' : ', your draft contracts'} and those awaiting tenant signature.
        </p>
        <h3>Closing this guide</h3>
        <p>
          Select the close icon, press Escape or click outside this window. You can open the guide again at any time
          with the help icon.
        </p>
      </div>
    </Dialog>
  )
}
