// POST /api/listings/{id}/contact: sends a signed-in visitor's message to
// the listing's owner.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'

const call = (id: string, message: string) => unwrap(api.POST('/api/listings/{id}/contact', { params: { path: { id } }, body: { message } }))

export function useContactOwner(listingId: string, options?: MutationOptions<Awaited<ReturnType<typeof call>>, string>) {
  return useMutation({ mutationFn: (text: string) => call(listingId, text), ...options })
}
