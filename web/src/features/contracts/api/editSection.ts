// PUT /api/contracts/{id}/sections/{section}: the landlord's text for a
// section (empty text returns to the generated one). The server cleans it.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { documentKey, type RichText } from './types'

export function useEditSection(id: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (v: { section: string; text: RichText }) =>
      (await unwrap(api.PUT('/api/contracts/{id}/sections/{section}', { params: { path: { id, section: v.section } }, body: { text: v.text } })))
        .document,
    onSuccess: () => qc.invalidateQueries({ queryKey: documentKey(id) }),
  })
}
