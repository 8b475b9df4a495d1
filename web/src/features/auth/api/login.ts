// POST /api/auth/login: signs in with e-mail and password; the answer carries
// the signed-in user. Errors: invalid_credentials, unconfirmed, throttled.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'

export type LoginBody = { email: string; password: string }

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => unwrap(api.POST('/api/auth/login', { body })),
  })
}
