// GET /api/contracts/{id}/signing: who signs in which order and who has
// signed, what the reader may do next (code, payment, signature) and the
// audit trail. Parties only.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'

export type SigningState = components['schemas']['SigningState']
export type Signer = components['schemas']['Signer']
export type SigningEvent = components['schemas']['SigningEvent']
export type SignatureInput = components['schemas']['SignatureInput']
export type SignResult = components['schemas']['SignResult']

/** signingKey sits under ['contracts'], so every contract change asks for it again. */
export const signingKey = (id: string) => ['contracts', 'signing', id] as const

export function useSigning(id: string | null, enabled = true) {
  return useQuery({
    queryKey: signingKey(id ?? ''),
    queryFn: ({ signal }) => unwrap(api.GET('/api/contracts/{id}/signing', { params: { path: { id: id ?? '' } }, signal })),
    enabled: !!id && enabled,
  })
}
