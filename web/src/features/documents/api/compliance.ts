// GET /api/documents/compliance?propertyId=: the warnings of a property
// published without a valid gas safety certificate, EICR or EPC; and
// PUT /api/properties/{id}/compliance {hasGas}.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { complianceKey, documentsKey, type Compliance } from './keys'

export function useCompliance(propertyId: string, enabled = true) {
  return useQuery({
    queryKey: complianceKey(propertyId),
    queryFn: async ({ signal }) => unwrap(api.GET('/api/documents/compliance', { params: { query: { propertyId } }, signal })),
    enabled: enabled && !!propertyId,
  })
}

type Vars = { propertyId: string; hasGas: boolean }

export function useSetHasGas(options?: MutationOptions<Compliance, Vars>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ propertyId, hasGas }: Vars) =>
      unwrap(api.PUT('/api/properties/{id}/compliance', { params: { path: { id: propertyId } }, body: { hasGas } })),
    ...options,
    onSuccess: (data, ...rest) => {
      void qc.invalidateQueries({ queryKey: documentsKey })
      return options?.onSuccess?.(data, ...rest)
    },
  })
}
