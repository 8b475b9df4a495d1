// DELETE /api/saved-searches/{id}.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'

const call = (id: string) => unwrap(api.DELETE('/api/saved-searches/{id}', { params: { path: { id } } }))

export function useDeleteSavedSearch(options?: MutationOptions<Awaited<ReturnType<typeof call>>, string>) {
  return useMutation({ mutationFn: call, ...options })
}
