// GET /api/renter-checks/{id}/renters/{renterId}
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { renterCheckKey, POLL_MS } from './keys'

/** useRenterCheck is the renter's own page (no sign-in), polled while the report is being prepared. */
export function useRenterCheck(checkId: string, renterId: string) {
  return useQuery({
    queryKey: renterCheckKey(checkId, renterId),
    queryFn: () => unwrap(api.GET('/api/renter-checks/{id}/renters/{renterId}', { params: { path: { id: checkId, renterId } } })),
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (q.state.data?.step === 'processing' ? POLL_MS : false),
  })
}
