// Reference checks in TanStack Query: ['reference-checks', id] is one check,
// ['reference-reports', 'active' | 'completed'] the report lists.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { useDebounced } from '../../../lib/useDebounced'
import type { components } from '../../../lib/api-schema'

export type ReferenceCheck = components['schemas']['ReferenceCheck']
export type ReferenceReport = components['schemas']['ReferenceReport']
export type ReportStatus = 'active' | 'completed'

export const checkKey = (id: string) => ['reference-checks', id] as const
export const reportsKey = (status?: ReportStatus) => (status ? (['reference-reports', status] as const) : (['reference-reports'] as const))

/** CheckAnswer is what ['reference-checks', id] holds: the check and the server's deposit-cap warning for it. */
export type CheckAnswer = { referenceCheck: ReferenceCheck; depositWarning: string }

function checkQuery(id: string) {
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

export function useReferenceCheck(id: string) {
  return useQuery({ ...checkQuery(id), select: (d: CheckAnswer) => d.referenceCheck })
}

/** useCheckDepositWarning is the server's deposit-cap warning for a check ('' within the cap). */
export function useCheckDepositWarning(id: string) {
  return useQuery({ ...checkQuery(id), select: (d: CheckAnswer) => d.depositWarning })
}

/**
 * useDepositWarning asks the server, as the landlord types, whether a
 * deposit is over the legal cap for a monthly rent (the rule is the
 * server's alone). '' within the cap or until both amounts are typed.
 */
export function useDepositWarning(rentPence: number, depositPence: number): string {
  const [rent, deposit] = useDebounced([rentPence, depositPence] as const, 250)
  const q = useQuery({
    queryKey: ['deposit-warning', rent, deposit],
    queryFn: async () =>
      (await unwrap(api.GET('/api/reference-checks/deposit-warning', { params: { query: { rentPence: rent, depositPence: deposit } } })))
        .depositWarning,
    enabled: rent > 0 && deposit > 0,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  })
  return rentPence > 0 && depositPence > 0 ? (q.data ?? '') : ''
}

export function useReports(status: ReportStatus) {
  return useQuery({
    queryKey: reportsKey(status),
    queryFn: async () => (await unwrap(api.GET('/api/reference-reports', { params: { query: { status } } }))).reports ?? [],
  })
}

export type AffordabilityReport = components['schemas']['AffordabilityReport']
export type LandlordReport = components['schemas']['LandlordReport']
export type RenterView = components['schemas']['RenterView']

export const renterCheckKey = (checkId: string, renterId: string) => ['renter-checks', checkId, renterId] as const
export const landlordReportKey = (checkId: string, renterId: string) => ['reference-report', checkId, renterId] as const

/** POLL_MS is how often the renter's page asks again while the report is being prepared. */
export const POLL_MS = 2000

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

/** useLandlordReport is a finished report of one of the landlord's own checks. */
export function useLandlordReport(checkId: string, renterId: string) {
  return useQuery({
    queryKey: landlordReportKey(checkId, renterId),
    queryFn: () =>
      unwrap(api.GET('/api/reference-checks/{id}/renters/{renterId}/report', { params: { path: { id: checkId, renterId } } })),
    retry: false,
  })
}

/** reportPdfHref is the report's PDF, for a plain download link. */
export const reportPdfHref = (checkId: string, renterId: string) =>
  `/api/reference-checks/${encodeURIComponent(checkId)}/renters/${encodeURIComponent(renterId)}/report.pdf`
