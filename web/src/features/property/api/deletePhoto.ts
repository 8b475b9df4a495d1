// DELETE /api/properties/{id}/images/{name}: removes one photo.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { Image } from '../photos'

const call = async (id: string, img: Image) => {
  await unwrap(api.DELETE('/api/properties/{id}/images/{name}', { params: { path: { id, name: img.name } } }))
}

export function useDeletePhoto(propertyId: string, options?: MutationOptions<void, Image>) {
  return useMutation({ mutationFn: (img: Image) => call(propertyId, img), ...options })
}
