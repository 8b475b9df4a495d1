// POST /api/account/password-code and /api/account/password: changing the
// password of a signed-in account (a code by e-mail first).
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'

const sendCode = () => unwrap(api.POST('/api/account/password-code'))
type Body = { code: string; password: string; confirmPassword: string }
const change = (body: Body) => unwrap(api.POST('/api/account/password', { body }))

export function usePasswordCode(options?: MutationOptions<Awaited<ReturnType<typeof sendCode>>>) {
  return useMutation({ mutationFn: sendCode, ...options })
}

export function useChangePassword(body: () => Body, options?: MutationOptions<Awaited<ReturnType<typeof change>>>) {
  return useMutation({ mutationFn: () => change(body()), ...options })
}
