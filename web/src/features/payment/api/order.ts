// GET /api/orders/{id}.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { orderKey } from './keys'

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: () => unwrap(api.GET('/api/orders/{id}', { params: { path: { id } } })),
    enabled: id !== '',
    retry: false,
  })
}
