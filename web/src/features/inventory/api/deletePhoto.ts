// DELETE /api/inventory/reports/{id}/photos/{name}: removes an uploaded photo
// the data does not refer to (the server refuses data naming unknown photos).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { photosKey, type Photo } from './keys'

const call = async (id: string, name: string) => {
  await unwrap(api.DELETE('/api/inventory/reports/{id}/photos/{name}', { params: { path: { id, name } } }))
}

export function useDeleteInventoryPhoto(reportId: string, options?: MutationOptions<void, string>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => call(reportId, name),
    ...options,
    onSuccess: (data, name, ...rest) => {
      qc.setQueryData<Photo[]>(photosKey(reportId), (old) => old?.filter((p) => p.name !== name))
      return options?.onSuccess?.(data, name, ...rest)
    },
  })
}
