// POST /api/contracts/{id}/signing/order: the landlord's one order for the
// contract fee (created the first time, the same one after; 409 once paid).
// The payment screen then asks for the order with its provider itself.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { Order } from '../../payment/api/keys'

const call = async (id: string) => (await unwrap(api.POST('/api/contracts/{id}/signing/order', { params: { path: { id } } }))).order

export function useContractOrder(id: string, options?: MutationOptions<Order>) {
  return useMutation({ mutationFn: () => call(id), ...options })
}
