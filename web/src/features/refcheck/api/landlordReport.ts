// GET /api/reference-checks/{id}/renters/{renterId}/report
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { landlordReportKey } from './keys'

/** useLandlordReport is a finished report of one of the landlord's own checks. */
export function useLandlordReport(checkId: string, renterId: string) {
  return useQuery({
    queryKey: landlordReportKey(checkId, renterId),
    queryFn: () =>
      unwrap(api.GET('/api/reference-checks/{id}/renters/{renterId}/report', { params: { path: { id: checkId, renterId } } })),
    retry: false,
  })
}
