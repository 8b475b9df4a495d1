// POST /api/contracts/{id}/signing/sign: signs as the signed-in signer. The
// landlord's signature freezes the text and sends it to the tenants; the last
// one completes the agreement. The answer's contract replaces the cached one,
// and the document, the signing state and the lists are asked again.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { storeContract } from './mutations'
import type { SignatureInput, SignResult } from './signing'

const call = (id: string, body: SignatureInput) => unwrap(api.POST('/api/contracts/{id}/signing/sign', { params: { path: { id } }, body }))

export function useSignContract(id: string, options?: MutationOptions<SignResult, SignatureInput>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: SignatureInput) => call(id, body),
    ...options,
    onSuccess: (result, ...rest) => {
      storeContract(qc, result.contract)
      return options?.onSuccess?.(result, ...rest)
    },
  })
}

/** signContract signs and stores the answered contract. */
export async function signContract(qc: QueryClient, id: string, body: SignatureInput): Promise<SignResult> {
  const result = await call(id, body)
  storeContract(qc, result.contract)
  return result
}
