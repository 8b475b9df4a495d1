// DELETE /api/admin/promo-codes/{id}.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { type PromoCode, promoCodesKey } from './keys'

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
