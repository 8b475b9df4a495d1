// POST /api/contracts/{id}/signing/order: the landlord's one order for the
// contract fee (created the first time, the same one after; 409 once paid).
// The payment screen then asks for the order with its provider itself.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { Order } from '../../payment/api/keys'

/** contractOrder is the landlord's order for the contract fee. */
export const contractOrder = async (id: string) => (await unwrap(api.POST('/api/contracts/{id}/signing/order', { params: { path: { id } } }))).order

export function useContractOrder(id: string, options?: MutationOptions<Order>) {
  return useMutation({ mutationFn: () => contractOrder(id), ...options })
}
