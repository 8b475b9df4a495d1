// POST /api/certificates/booking: asks the configured vendor address for a
// check (property, type, preferred dates, contact), with a copy to the landlord.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { documentsKey, type Booking, type BookingInput } from './keys'

export function useBookVendor(options?: MutationOptions<Booking, BookingInput>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (body: BookingInput) => unwrap(api.POST('/api/certificates/booking', { body })),
    ...options,
    onSuccess: (data, ...rest) => {
      void qc.invalidateQueries({ queryKey: documentsKey })
      return options?.onSuccess?.(data, ...rest)
    },
  })
}
