// GET /api/wallet/categories: the built-in lists and the landlord's own, by kind;
// DELETE /api/wallet/categories/{kind}/{name}: removes one of the landlord's own.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { categoriesKey, type Kind } from './keys'

export function useCategories() {
  return useQuery({
    queryKey: categoriesKey,
    queryFn: async ({ signal }) => await unwrap(api.GET('/api/wallet/categories', { signal })),
    staleTime: 60_000,
  })
}

export function useDeleteCategory() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ kind, name }: { kind: Kind; name: string }) => {
      await unwrap(api.DELETE('/api/wallet/categories/{kind}/{name}', { params: { path: { kind, name } } }))
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: categoriesKey }),
  })
}
