// POST /api/contracts/{id}/resend: a party to a completed agreement gets its
// download link by e-mail ('Download link sent to your email').
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { signingKey } from './signing'

const call = (id: string) => unwrap(api.POST('/api/contracts/{id}/resend', { params: { path: { id } } }))

export function useResendContract(id: string, options?: MutationOptions<Awaited<ReturnType<typeof call>>>) {
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
