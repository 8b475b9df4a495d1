// GET /api/wallet/tax-year?year=&propertyId=: the tax year in HMRC's SA105 boxes.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { taxYearKey } from './keys'

export function useTaxYear(year: number | undefined, propertyId: string) {
  return useQuery({
    queryKey: taxYearKey(year, propertyId),
    queryFn: async ({ signal }) =>
      await unwrap(
        api.GET('/api/wallet/tax-year', { params: { query: { ...(year ? { year } : {}), ...(propertyId ? { propertyId } : {}) } }, signal }),
      ),
    placeholderData: keepPreviousData,
  })
}
