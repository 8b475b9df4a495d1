// POST /api/contracts/{id}/signing/invite: the landlord e-mails the signing
// link again to everyone who has not signed (at most once every 10 seconds).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { signingKey } from './signing'

const call = (id: string) => unwrap(api.POST('/api/contracts/{id}/signing/invite', { params: { path: { id } } }))

export function useResendInvites(id: string, options?: MutationOptions<Awaited<ReturnType<typeof call>>>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => call(id),
    ...options,
    onSuccess: (data, ...rest) => {
      void qc.invalidateQueries({ queryKey: signingKey(id) })
      return options?.onSuccess?.(data, ...rest)
    },
  })
}
