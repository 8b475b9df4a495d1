// GET /api/inventory/catalogue: rooms and spaces, the items each room offers
// and each item's groups, the report types, ratings, meter and document kinds.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { catalogueKey } from './keys'

export function useInventoryCatalogue() {
  return useQuery({
    queryKey: catalogueKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/inventory/catalogue', { signal })),
    staleTime: 30 * 60_000,
  })
}
