// POST /api/auth/verify: confirms an account (or a sign-in) with the 6-digit
// code e-mailed to it; the answer carries the user when it signs in.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'

const call = (body: { email: string; code: string; signIn: boolean }) => unwrap(api.POST('/api/auth/verify', { body }))

export function useVerifyCode(email: string, signIn: boolean, options?: MutationOptions<Awaited<ReturnType<typeof call>>, string>) {
  return useMutation({ mutationFn: (code: string) => call({ email, code, signIn }), ...options })
}
