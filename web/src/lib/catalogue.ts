// The server's catalogue (GET /api/catalogue): what is on sale at what price
// and the limits pages state before the server would refuse (image uploads,
// photos per property, renters per check). Pages read these instead of
// keeping copies, so a price or a limit changes in one place: the server.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from './api'
import type { components } from './api-schema'

export type Catalogue = components['schemas']['Catalogue']
export type CatalogueProduct = Catalogue['products'][number]

export const catalogueKey = ['catalogue'] as const

export function useCatalogue() {
  return useQuery({
    queryKey: catalogueKey,
    queryFn: () => unwrap(api.GET('/api/catalogue')),
    staleTime: 5 * 60_000,
  })
}

/** productOf finds a product's price in the catalogue (undefined until it has loaded). */
export function productOf(c: Catalogue | undefined, product: string): CatalogueProduct | undefined {
  return c?.products.find((p) => p.product === product)
}
