// POST /api/auth/password-reset/request and /confirm: the two halves of
// "forgot your password" (a code by e-mail, then the code and a new password).
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'

const request = (email: string) => unwrap(api.POST('/api/auth/password-reset/request', { body: { email } }))

type ConfirmBody = { email: string; code: string; password: string; confirmPassword: string }
const confirm = (body: ConfirmBody) => unwrap(api.POST('/api/auth/password-reset/confirm', { body }))

/** usePasswordResetRequest e-mails a reset code to the address it is given. */
export function usePasswordResetRequest(options?: MutationOptions<Awaited<ReturnType<typeof request>>, string>) {
  return useMutation({ mutationFn: request, ...options })
}

/** usePasswordResetConfirm sets the new password with the code. */
export function usePasswordResetConfirm(body: () => ConfirmBody, options?: MutationOptions<Awaited<ReturnType<typeof confirm>>>) {
  return useMutation({ mutationFn: () => confirm(body()), ...options })
}
