// POST /api/inventory/reports/{id}/signing/code: e-mails a 6-digit code to
// the signed-in signer; at most one every 10 seconds (429 with the message).
import { api, unwrap } from '../../../lib/api'

export const sendInventorySigningCode = (id: string) =>
  unwrap(api.POST('/api/inventory/reports/{id}/signing/code', { params: { path: { id } } }))
