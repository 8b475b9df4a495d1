// The card step picks the card form of the provider the server uses
// (GET /api/orders/{id} answers `provider`). Each form takes the same props
// and calls onPaid with the paid order.
import { lazy, Suspense } from 'react'
import { Spinner } from '../../../components/Spinner'
import { MSG_CARD_UNAVAILABLE } from '../messages'
import { SandboxCardForm } from './SandboxCardForm'
import type { CardFormProps } from '../cardForm'

// Stripe's form brings Stripe.js and its React bindings: loaded only by a
// buyer who reaches a Stripe card step, never with the rest of the app.
const StripeCardForm = lazy(() => import('./StripeCardForm'))


export function CardStep({ provider, ...props }: CardFormProps & { provider: string }) {
  switch (provider) {
    case 'sandbox':
      return <SandboxCardForm {...props} />
    case 'stripe':
      // Stripe's own card fields (in Stripe's iframes) with our billing
      // fields: the server makes the PaymentIntent, the browser confirms it,
      // then the order is asked for until it is paid.
      return (
        <Suspense
          fallback={
            <div className="pay__loading">
              <Spinner label="Loading the card form" />
            </div>
          }
        >
          <StripeCardForm {...props} />
        </Suspense>
      )
    default:
      return <p className="form-message form-message--info">{MSG_CARD_UNAVAILABLE}</p>
  }
}
