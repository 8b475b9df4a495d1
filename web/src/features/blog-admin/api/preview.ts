// POST /api/admin/blog/preview
import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'

/** usePreview turns Markdown into the HTML the post will show (sanitised by the server). */
export function usePreview() {
  return useMutation({
    mutationFn: async (body: string) => (await unwrap(api.POST('/api/admin/blog/preview', { body: { body } }))).html,
  })
}
