// PUT /api/saved-searches/{id}/emails: the daily e-mail on or off.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'

type Vars = { id: string; on: boolean }
const call = ({ id, on }: Vars) => unwrap(api.PUT('/api/saved-searches/{id}/emails', { params: { path: { id } }, body: { on } }))

export function useSetSavedSearchEmails(options?: MutationOptions<Awaited<ReturnType<typeof call>>, Vars>) {
  return useMutation({ mutationFn: call, ...options })
}
