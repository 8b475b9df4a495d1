// POST /api/renter-checks/{id}/renters/{renterId}/declaration and .../bank:
// the renter's self-declaration, and the hand-over to the bank (no sign-in:
// the link's ids are the key). Each answers {status, url} to go to.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { paths } from '../../../lib/api-schema'

type DeclarationBody = NonNullable<paths['/api/renter-checks/{id}/renters/{renterId}/declaration']['post']['requestBody']>['content']['application/json']
const declare = (id: string, renterId: string, body: DeclarationBody) =>
  unwrap(api.POST('/api/renter-checks/{id}/renters/{renterId}/declaration', { params: { path: { id, renterId } }, body }))
const bank = (id: string, renterId: string) => unwrap(api.POST('/api/renter-checks/{id}/renters/{renterId}/bank', { params: { path: { id, renterId } } }))

export function useSendDeclaration(checkId: string, renterId: string, options?: MutationOptions<Awaited<ReturnType<typeof declare>>, DeclarationBody>) {
  return useMutation({ mutationFn: (body: DeclarationBody) => declare(checkId, renterId, body), ...options })
}

export function useConnectBank(checkId: string, renterId: string, options?: MutationOptions<Awaited<ReturnType<typeof bank>>>) {
  return useMutation({ mutationFn: () => bank(checkId, renterId), ...options })
}
