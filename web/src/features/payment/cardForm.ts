// What a provider's card form is given (the sandbox's and Stripe's), apart
// from CardStep, which picks one, so neither form imports the step.
import type { Order } from './api/keys'

export type CardFormProps = {
  order: Order
  onPaid: (order: Order, provider?: string) => void
  /** firstFieldId is given to the first field so the basket can move focus there. */
  firstFieldId?: string
}
