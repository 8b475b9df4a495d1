// POST /api/verify (public): whether an uploaded PDF (multipart field "file",
// at most 20 MB) is a genuine, unaltered signed document. A check on demand,
// so a mutation: the verdict belongs to the one file asked about.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'

export type Verification = components['schemas']['Verification']

const call = (file: File) => {
  const form = new FormData()
  form.append('file', file)
  // openapi-fetch passes FormData through; the browser sets the multipart boundary.
  return unwrap(api.POST('/api/verify', { body: form as unknown as { file: string } }))
}

export function useVerifyFile(options?: MutationOptions<Verification, File>) {
  return useMutation({ mutationFn: call, ...options })
}
