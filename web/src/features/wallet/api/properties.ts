// GET /api/wallet/properties?period=: a card per property; PUT/DELETE
// /api/wallet/properties/{id}/rent: the expected rent set by hand.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { propertiesKey, walletKey, type ExpectedRent, type Period } from './keys'

export function useWalletProperties(period: Period = '1M') {
  return useQuery({
    queryKey: propertiesKey(period),
    queryFn: async ({ signal }) =>
      await unwrap(api.GET('/api/wallet/properties', { params: { query: { period } }, signal })),
    placeholderData: keepPreviousData,
  })
}

export function useSetExpectedRent(propertyId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (rent: ExpectedRent | null) => {
      if (rent) await unwrap(api.PUT('/api/wallet/properties/{propertyId}/rent', { params: { path: { propertyId } }, body: rent }))
      else await unwrap(api.DELETE('/api/wallet/properties/{propertyId}/rent', { params: { path: { propertyId } } }))
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: walletKey }),
  })
}
