// The e-mail's unsubscribe link, signed out: GET names the saved search,
// POST turns its e-mails off.
import { useMutation, useQuery } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'

export function useUnsubscribeInfo(token: string) {
  return useQuery({
    queryKey: ['saved-search-unsubscribe', token],
    queryFn: () => unwrap(api.GET('/api/saved-searches/unsubscribe', { params: { query: { token } } })),
    enabled: token !== '',
    retry: false,
  })
}

const call = (token: string) => unwrap(api.POST('/api/saved-searches/unsubscribe', { body: { token } }))

export function useUnsubscribe(options?: MutationOptions<Awaited<ReturnType<typeof call>>, string>) {
  return useMutation({ mutationFn: call, ...options })
}
