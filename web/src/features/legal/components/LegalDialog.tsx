// Terms of Service and Privacy Policy as pop-ups over the registration form.
// The texts are loaded only when a pop-up is opened.
import { lazy, Suspense } from 'react'
import { Dialog } from '../../../components/Dialog'
import { Spinner } from '../../../components/Spinner'

const LegalText = lazy(() => import('./LegalText'))

export type LegalDoc = 'terms' | 'privacy' | null

export function LegalDialog({ doc, onClose }: { doc: LegalDoc; onClose: () => void }) {
  const title = doc === 'privacy' ? 'Privacy Policy' : 'Terms of Service'
  return (
    <Dialog open={doc !== null} onClose={onClose} title={title} wide>
      <Suspense
        fallback={
          <div className="page-loading">
            <Spinner />
          </div>
        }
      >
        <div className="legal-popup"><LegalText doc={doc ?? 'terms'} /></div>
      </Suspense>
    </Dialog>
  )
}
