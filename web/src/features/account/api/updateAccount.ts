// PATCH /api/account: changes the account's full name.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'

const call = (fullName: string) => unwrap(api.PATCH('/api/account', { body: { fullName } }))

export function useUpdateFullName(options?: MutationOptions<Awaited<ReturnType<typeof call>>, string>) {
  return useMutation({ mutationFn: call, ...options })
}
