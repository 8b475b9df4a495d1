// GET /api/wallet/transactions/{id}: one transaction (the details page and the edit form).
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { transactionKey } from './keys'

export function useTransaction(id: string) {
  return useQuery({
    queryKey: transactionKey(id),
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/wallet/transactions/{id}', { params: { path: { id } }, signal }))).transaction,
  })
}
