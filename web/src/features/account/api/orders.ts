// GET /api/orders: the signed-in user's orders and receipts.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'

export function useOrders() {
  return useQuery({ queryKey: ['orders'], queryFn: () => unwrap(api.GET('/api/orders')) })
}
