// The renter's two explainers: the info help (what the reference check is
// and how open banking keeps bank statements private) and the 'Right to
// Rent' pop-up. The Right to Rent facts are kept as data with their source
// and the date they were checked (see LAW.md: England only).
import { Dialog } from '../../../components/Dialog'

export const RIGHT_TO_RENT = {
  penalty: '£10,000',
  source: 'https://www.gov.uk/check-tenant-right-to-rent-documents',
  shareCodeService: 'https://www.gov.uk/prove-right-to-rent',
  checked: 'November 2026',
} as const

export function ReferenceHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Renting made simple">
      <div className="renter-help">
        <p>
          OmniRent makes renting simple for renters and property managers. Instead of sending payslips and months of
          bank statements, you answer a few questions and connect your bank once.
        </p>
        <p>
          <strong>Open banking</strong> lets your bank share your transactions securely and read-only, with your
          consent. We use them to verify your income and work out whether the rent is affordable. The property manager
          sees only the report (a rating, the reasons for it and a few figures), never your bank statements, and we do
          not keep them.
        </p>
        <p>It takes about five minutes, and the report is usually ready within 30 minutes.</p>
        <div className="renter-help__actions">
          <button type="button" className="button" onClick={onClose}>
            Got it
          </button>
        </div>
      </div>
    </Dialog>
  )
}

export function RightToRentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="The 'Right to Rent'">
      <div className="renter-help">
        <p>
          In England, a landlord or letting agent must check that every adult who will live in the home has the right
          to rent in the UK before the tenancy starts. Everyone is checked the same way, whatever their nationality; a
          landlord who does not check can be fined up to {RIGHT_TO_RENT.penalty} for each occupier.
        </p>
        <h3 className="renter-help__title">How you show it</h3>
        <ul>
          <li>
            <strong>British or Irish citizens:</strong> a passport (it may have expired), an Irish passport card, or
            another document on the Home Office&apos;s list.
          </li>
          <li>
            <strong>Everyone else:</strong> a share code from GOV.UK&apos;s{' '}
            <a href={RIGHT_TO_RENT.shareCodeService} target="_blank" rel="noopener noreferrer">
              Prove your right to rent<span className="visually-hidden"> (opens in a new tab)</span>
            </a>{' '}
            service, given to the property manager with your date of birth.
          </li>
        </ul>
        <p>
          Ticking the box only says that you have these documents; the property manager will still check them with you
          before you move in. Wales and Scotland have no Right to Rent check.
        </p>
        <p className="renter-help__source">
          Source:{' '}
          <a href={RIGHT_TO_RENT.source} target="_blank" rel="noopener noreferrer">
            GOV.UK, Check your tenant&apos;s right to rent<span className="visually-hidden"> (opens in a new tab)</span>
          </a>{' '}
          (checked {RIGHT_TO_RENT.checked}).
        </p>
        <div className="renter-help__actions">
          <button type="button" className="button" onClick={onClose}>
            Back to the form
          </button>
        </div>
      </div>
    </Dialog>
  )
}
