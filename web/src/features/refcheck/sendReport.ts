// DOWNLOAD and 'E-mail me the report' (spec 2 section 7, POST /downloadReport):
// the server e-mails a finished report to the landlord again, at most once
// a minute. Success says 'Resend successful!'; too soon is the server's 429
// message as a warning.

import { ApiError } from '../../lib/api'
import { useSendReportAgain } from './api/renterActions'
import { useToast } from '../../components/Toast'
import { errorMessage } from '../../lib/errors'

export function useSendReport(checkId: string, renterId: string) {
  const toast = useToast()
  return useSendReportAgain(checkId, renterId, {
    onSuccess: (res) => toast('success', res.message),
    onError: (e) => toast(e instanceof ApiError && e.status === 429 ? 'warning' : 'error', errorMessage(e)),
  })
}
