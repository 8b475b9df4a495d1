// GET /api/documents/certificates?propertyId=: a property's certificates
// grouped by type (current, history, missing, the vendor request) with the
// types' data and the property's compliance warnings.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { certificatesKey } from './keys'

export function useCertificates(propertyId: string) {
  return useQuery({
    queryKey: certificatesKey(propertyId),
    queryFn: async ({ signal }) => unwrap(api.GET('/api/documents/certificates', { params: { query: { propertyId } }, signal })),
  })
}
