// POST /api/inventory/reports/{id}/signing/verify: checks the e-mailed code;
// the answer is the new signing state, which replaces the cached one.
import type { QueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { inventorySigningKey, type SigningState } from './inventorySigning'

export async function verifyInventorySigningCode(qc: QueryClient, id: string, code: string): Promise<SigningState> {
  const state = await unwrap(api.POST('/api/inventory/reports/{id}/signing/verify', { params: { path: { id } }, body: { code } }))
  qc.setQueryData(inventorySigningKey(id), state)
  return state
}
