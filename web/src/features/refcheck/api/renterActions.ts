// POST .../renters/{renterId}/resend, DELETE .../renters/{renterId} and
// POST .../renters/{renterId}/report/send: a landlord's actions on one renter
// of a reference check (e-mail the link again, take the renter out of the
// basket, e-mail the finished report again).
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'

const resend = (id: string, renterId: string) => unwrap(api.POST('/api/reference-checks/{id}/renters/{renterId}/resend', { params: { path: { id, renterId } } }))
const sendReport = (id: string, renterId: string) =>
  unwrap(api.POST('/api/reference-checks/{id}/renters/{renterId}/report/send', { params: { path: { id, renterId } } }))

/** removeRenter takes a renter out of an unpaid check; the answer holds the repriced order. */
export const removeRenter = (id: string, renterId: string) =>
  unwrap(api.DELETE('/api/reference-checks/{id}/renters/{renterId}', { params: { path: { id, renterId } } }))

export function useResendToRenter(checkId: string, renterId: string, options?: MutationOptions<Awaited<ReturnType<typeof resend>>>) {
  return useMutation({ mutationFn: () => resend(checkId, renterId), ...options })
}

export function useSendReportAgain(checkId: string, renterId: string, options?: MutationOptions<Awaited<ReturnType<typeof sendReport>>>) {
  return useMutation({ mutationFn: () => sendReport(checkId, renterId), ...options })
}
