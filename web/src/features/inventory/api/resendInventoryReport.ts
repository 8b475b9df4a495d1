// POST /api/inventory/reports/{id}/resend: e-mails the reader a link to an
// awaiting (ATS) or completed report ('Report has been sent to email'); at
// most once every 10 seconds.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'

const call = (id: string) => unwrap(api.POST('/api/inventory/reports/{id}/resend', { params: { path: { id } } }))

export function useResendInventoryReport(id: string, options?: MutationOptions<Awaited<ReturnType<typeof call>>>) {
  return useMutation({ mutationFn: () => call(id), ...options })
}
