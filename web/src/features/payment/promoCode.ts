// The promo code box's rules (spec 2 section 5, "Promo code apply"): the code
// is trimmed; an empty box does nothing; a code already on the order is
// refused here with 'Code already used'. The server decides the rest.
import * as z from 'zod/mini'
import { MSG_CODE_USED } from './messages'

/** promoCodeSchema checks a typed code against the codes already on the order. */
export function promoCodeSchema(applied: ReadonlyArray<{ code: string }>) {
  return z.object({
    promoCode: z.string().check(
      z.trim(),
      // Nothing is said about an empty box: applying it does nothing.
      z.minLength(1),
      z.refine((c) => !applied.some((p) => p.code.toLowerCase() === c.toLowerCase()), MSG_CODE_USED),
    ),
  })
}
export type PromoCodeForm = { promoCode: string }
