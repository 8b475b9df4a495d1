// The admin dashboard in TanStack Query: ['admin', 'overview'] holds the user
// counts and ['admin', 'promo-codes'] the promo codes, newest first. Saving or
// deleting a code writes the answer into the list at once, then refetches it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'

export type PromoCode = components['schemas']['PromoCode']
export type PromoCodeRequest = components['schemas']['PromoCodeRequest']

export const overviewKey = ['admin', 'overview'] as const
export const promoCodesKey = ['admin', 'promo-codes'] as const

export function useAdminOverview() {
  return useQuery({
    queryKey: overviewKey,
    queryFn: () => unwrap(api.GET('/api/admin/overview')),
  })
}

export function usePromoCodes() {
  return useQuery({
    queryKey: promoCodesKey,
    queryFn: async () => (await unwrap(api.GET('/api/admin/promo-codes'))).codes ?? [],
  })
}

/** useSavePromoCode creates a code (no id) or updates the code with that id. */
export function useSavePromoCode(id?: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (body: PromoCodeRequest) =>
      id
        ? (await unwrap(api.PUT('/api/admin/promo-codes/{id}', { params: { path: { id } }, body }))).code
        : (await unwrap(api.POST('/api/admin/promo-codes', { body }))).code,
    onSuccess: (saved) => {
      qc.setQueryData<PromoCode[]>(promoCodesKey, (old) =>
        !old ? old : id ? old.map((c) => (c.id === saved.id ? saved : c)) : [saved, ...old.filter((c) => c.id !== saved.id)],
      )
      void qc.invalidateQueries({ queryKey: promoCodesKey })
    },
  })
}

export function useDeletePromoCode() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (code: PromoCode) => {
      await unwrap(api.DELETE('/api/admin/promo-codes/{id}', { params: { path: { id: code.id } } }))
      return code
    },
    onSuccess: (gone) => {
      qc.setQueryData<PromoCode[]>(promoCodesKey, (old) => old?.filter((c) => c.id !== gone.id))
      void qc.invalidateQueries({ queryKey: promoCodesKey })
    },
  })
}
