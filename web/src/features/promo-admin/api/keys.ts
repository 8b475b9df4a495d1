// Promo codes in TanStack Query: ['admin', 'promo-codes'] holds the codes,
// newest first. Saving or deleting a code writes the answer into the list at
// once, then refetches it.
import type { components } from '../../../lib/api-schema'

export type PromoCode = components['schemas']['PromoCode']

export type PromoCodeRequest = components['schemas']['PromoCodeRequest']

export const promoCodesKey = ['admin', 'promo-codes'] as const
