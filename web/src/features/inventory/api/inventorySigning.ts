// GET /api/inventory/reports/{id}/signing: the creator first, then the
// landlord and tenants the report names; who has signed, what the reader may
// do next (code, payment, signature) and the audit trail. Parties only.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import type { SigningState } from '../../../components/signing/SignScreen'

export type { SigningState }

/** inventorySigningKey sits under ['inventory'], so every report change asks for it again. */
export const inventorySigningKey = (id: string) => ['inventory', 'signing', id] as const

export const inventorySigning = (id: string, signal?: AbortSignal) =>
  unwrap(api.GET('/api/inventory/reports/{id}/signing', { params: { path: { id } }, signal }))

export function useInventorySigning(id: string | null, enabled = true) {
  return useQuery({
    queryKey: inventorySigningKey(id ?? ''),
    queryFn: ({ signal }) => inventorySigning(id ?? '', signal),
    enabled: !!id && enabled,
  })
}
