// PUT /api/admin/promo-codes/{id}
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { type PromoCode, type PromoCodeRequest, promoCodesKey } from './keys'

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
