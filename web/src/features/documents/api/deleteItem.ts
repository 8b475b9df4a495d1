// DELETE <deleteUrl>: removes an item the documents list says may be deleted
// (a draft agreement or a draft report); the answer names the area's own endpoint.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, notifyUnauthorized, type ApiErrorBody } from '../../../lib/api'
import { documentsKey, type DocumentItem } from './keys'

export async function deleteItem(item: DocumentItem): Promise<void> {
  const res = await fetch(item.deleteUrl, { method: 'DELETE', credentials: 'same-origin', headers: { Accept: 'application/json' } })
  if (res.ok) return
  if (res.status === 401) notifyUnauthorized()
  let body: { error?: ApiErrorBody } | undefined
  try {
    body = (await res.json()) as { error?: ApiErrorBody }
  } catch {
    body = undefined
  }
  throw new ApiError(res.status, body?.error)
}

export function useDeleteItem() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: () => {
      // The areas' own lists show the same records.
      void qc.invalidateQueries({ queryKey: documentsKey })
      void qc.invalidateQueries({ queryKey: ['contracts'] })
      void qc.invalidateQueries({ queryKey: ['inventory'] })
    },
  })
}
