// Reference checks in TanStack Query: ['reference-checks', id] is one check,
// ['reference-reports', 'active' | 'completed'] the report lists.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api'
import type { components } from '../../lib/api-schema'

export type ReferenceCheck = components['schemas']['ReferenceCheck']
export type ReferenceReport = components['schemas']['ReferenceReport']
export type ReportStatus = 'active' | 'completed'

export const checkKey = (id: string) => ['reference-checks', id] as const
export const reportsKey = (status?: ReportStatus) => (status ? (['reference-reports', status] as const) : (['reference-reports'] as const))

export function useReferenceCheck(id: string) {
  return useQuery({
    queryKey: checkKey(id),
    queryFn: async () => (await unwrap(api.GET('/api/reference-checks/{id}', { params: { path: { id } } }))).referenceCheck,
    enabled: id !== '',
    retry: false,
  })
}

export function useReports(status: ReportStatus) {
  return useQuery({
    queryKey: reportsKey(status),
    queryFn: async () => (await unwrap(api.GET('/api/reference-reports', { params: { query: { status } } }))).reports ?? [],
  })
}
