// POST /api/auth/register: creates an unconfirmed account and e-mails its code.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'

export type RegisterBody = {
  fullName: string
  email: string
  password: string
  confirmPassword: string
  userType: 'Landlord' | 'Tenant'
  acceptTerms: boolean
}
const call = (body: RegisterBody) => unwrap(api.POST('/api/auth/register', { body }))

export function useRegister(body: () => RegisterBody, options?: MutationOptions<Awaited<ReturnType<typeof call>>>) {
  return useMutation({ mutationFn: () => call(body()), ...options })
}
