// GET /api/admin/promo-codes.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { promoCodesKey } from './keys'

export function usePromoCodes() {
  return useQuery({
    queryKey: promoCodesKey,
    queryFn: async () => (await unwrap(api.GET('/api/admin/promo-codes'))).codes ?? [],
  })
}
