// POST /api/contracts/{id}/signing/verify: checks the e-mailed code; the
// answer is the new signing state, which replaces the cached one.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { signingKey, type SigningState } from './signing'

const call = (id: string, code: string) => unwrap(api.POST('/api/contracts/{id}/signing/verify', { params: { path: { id } }, body: { code } }))

export function useVerifySigningCode(id: string, options?: MutationOptions<SigningState, string>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => call(id, code),
    ...options,
    onSuccess: (state, ...rest) => {
      qc.setQueryData(signingKey(id), state)
      return options?.onSuccess?.(state, ...rest)
    },
  })
}

/** verifySigningCode checks the code and stores the answered state. */
export async function verifySigningCode(qc: QueryClient, id: string, code: string): Promise<SigningState> {
  const state = await call(id, code)
  qc.setQueryData(signingKey(id), state)
  return state
}
