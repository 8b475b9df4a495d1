// POST /api/reference-checks: starts a reference check (and its order) for
// one of the landlord's properties and its renters.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { paths } from '../../../lib/api-schema'

export type PurchaseBody = NonNullable<paths['/api/reference-checks']['post']['requestBody']>['content']['application/json']
const call = (body: PurchaseBody) => unwrap(api.POST('/api/reference-checks', { body }))

export function useBuyReferenceCheck(options?: MutationOptions<Awaited<ReturnType<typeof call>>, PurchaseBody>) {
  return useMutation({ mutationFn: call, ...options })
}
