// POST /api/saved-searches: save the search page's filters under a name.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'

type Vars = { name: string; query: string }
const call = (v: Vars) => unwrap(api.POST('/api/saved-searches', { body: v }))

export function useCreateSavedSearch(options?: MutationOptions<Awaited<ReturnType<typeof call>>, Vars>) {
  return useMutation({ mutationFn: call, ...options })
}
