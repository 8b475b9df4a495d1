// Reference checks in TanStack Query: ['reference-checks', id] is one check,
// ['reference-reports', 'active' | 'completed'] the report lists.
import { api, unwrap } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'

export type ReferenceCheck = components['schemas']['ReferenceCheck']

export type ReferenceReport = components['schemas']['ReferenceReport']

export type ReportStatus = 'active' | 'completed'

export const checkKey = (id: string) => ['reference-checks', id] as const

export const reportsKey = (status?: ReportStatus) => (status ? (['reference-reports', status] as const) : (['reference-reports'] as const))

/** CheckAnswer is what ['reference-checks', id] holds: the check and the server's deposit-cap warning for it. */
export type CheckAnswer = { referenceCheck: ReferenceCheck; depositWarning: string }

export function checkQuery(id: string) {
  return {
    queryKey: checkKey(id),
    queryFn: async (): Promise<CheckAnswer> => {
      const r = await unwrap(api.GET('/api/reference-checks/{id}', { params: { path: { id } } }))
      return { referenceCheck: r.referenceCheck, depositWarning: r.depositWarning ?? '' }
    },
    enabled: id !== '',
    retry: false,
  }
}

export type AffordabilityReport = components['schemas']['AffordabilityReport']

export type LandlordReport = components['schemas']['LandlordReport']

export type RenterView = components['schemas']['RenterView']

export const renterCheckKey = (checkId: string, renterId: string) => ['renter-checks', checkId, renterId] as const

export const landlordReportKey = (checkId: string, renterId: string) => ['reference-report', checkId, renterId] as const

/** POLL_MS is how often the renter's page asks again while the report is being prepared. */
export const POLL_MS = 2000

/** reportPdfHref is the report's PDF, for a plain download link. */
export const reportPdfHref = (checkId: string, renterId: string) =>
  `/api/reference-checks/${encodeURIComponent(checkId)}/renters/${encodeURIComponent(renterId)}/report.pdf`
