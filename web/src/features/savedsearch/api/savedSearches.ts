// GET /api/saved-searches: the signed-in user's saved searches, newest first.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { savedSearchesKey } from './keys'

export function useSavedSearches(userId: string | null) {
  return useQuery({
    queryKey: savedSearchesKey(userId),
    queryFn: () => unwrap(api.GET('/api/saved-searches')),
    enabled: userId !== null,
  })
}
