// POST /api/inventory/reports/{id}/signing/order: the creator's one order for
// the report fee (1.99, struck 8.99; the same order when asked again, 409
// once paid). The payment screen then asks for the order itself.
import { api, unwrap } from '../../../lib/api'
import type { Order } from '../../payment/api/keys'

export const inventoryOrder = async (id: string): Promise<Order> =>
  (await unwrap(api.POST('/api/inventory/reports/{id}/signing/order', { params: { path: { id } } }))).order
