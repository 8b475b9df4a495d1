// The reference check's price and limits, from the server's catalogue.
import { productOf, useCatalogue, type CatalogueProduct } from '../../lib/catalogue'

export type CheckTerms = {
  /** price is the Instant Check per renter; undefined until the catalogue has loaded. */
  price?: CatalogueProduct
  /** maxRenters is the server's limit on renters in one check (0 until loaded). */
  maxRenters: number
}

export function useCheckTerms(): CheckTerms {
  const c = useCatalogue().data
  return { price: productOf(c, c?.referenceCheck.product ?? ''), maxRenters: c?.referenceCheck.maxRenters ?? 0 }
}

/** priceText shows pence, or a dash while the catalogue loads. */
export const priceText = (pence: number | undefined, format: (p: number) => string) => (pence === undefined ? '…' : format(pence))
