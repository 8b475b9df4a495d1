// POST /api/admin/blog/images
import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'

/** useUploadImage sends one picture as multipart form data (field "file"). */
export function useUploadImage() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData()
      form.append('file', file)
      // openapi-fetch passes FormData through; the browser sets the multipart boundary.
      return (await unwrap(api.POST('/api/admin/blog/images', { body: form as unknown as { file: string } }))).image
    },
  })
}
