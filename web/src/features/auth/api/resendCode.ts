// POST /api/auth/resend-code: e-mails a new confirmation code.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'

const call = (email: string) => unwrap(api.POST('/api/auth/resend-code', { body: { email } }))

export function useResendCode(email: string, options?: MutationOptions<Awaited<ReturnType<typeof call>>>) {
  return useMutation({ mutationFn: () => call(email), ...options })
}
