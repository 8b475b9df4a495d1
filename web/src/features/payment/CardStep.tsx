// The card step picks the card form of the provider the server uses
// (GET /api/orders/{id} answers `provider`). Each form takes the same props
// and calls onPaid with the paid order.
import { MSG_CARD_UNAVAILABLE } from './messages'
import { SandboxCardForm } from './SandboxCardForm'
import type { Order } from './queries'

export type CardFormProps = {
  order: Order
  onPaid: (order: Order, provider?: string) => void
  /** firstFieldId is given to the first field so the basket can move focus there. */
  firstFieldId?: string
}

export function CardStep({ provider, ...props }: CardFormProps & { provider: string }) {
  switch (provider) {
    case 'sandbox':
      return <SandboxCardForm {...props} />
    // case 'stripe':
    //   StripeCardForm goes here: Stripe's own Elements (card number, expiry,
    //   CVC in Stripe's iframes) plus our billing fields. It asks the server
    //   for a PaymentIntent (POST /api/orders/{id}/card-payment ->
    //   {clientSecret, publishableKey}), confirms it in the browser, then
    //   re-reads the order (GET /api/orders/{id}) until the webhook has
    //   marked it paid, and calls onPaid. Not built yet.
    default:
      return <p className="form-message form-message--info">{MSG_CARD_UNAVAILABLE}</p>
  }
}
