// GET /api/documents/{contracts|reference-checks|inventory-reports}?propertyId=:
// a property's agreements, reference checks or inventory reports.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { listKey, type ListKind } from './keys'

const PATHS = {
  contracts: '/api/documents/contracts',
  'reference-checks': '/api/documents/reference-checks',
  'inventory-reports': '/api/documents/inventory-reports',
} as const

export function useDocumentList(kind: ListKind, propertyId: string) {
  return useQuery({
    queryKey: listKey(kind, propertyId),
    queryFn: async ({ signal }) => (await unwrap(api.GET(PATHS[kind], { params: { query: { propertyId } }, signal }))).items,
  })
}
