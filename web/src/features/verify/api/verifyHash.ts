// GET /api/verify?documentId=&hash= (public): whether a document id and the
// hash printed on its audit page belong to a genuine signed document. Asked
// when the visitor presses the button, like the file check.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { Verification } from './verifyFile'

export type HashQuery = { documentId: string; hash: string }

const call = (query: HashQuery) => unwrap(api.GET('/api/verify', { params: { query } }))

export function useVerifyHash(options?: MutationOptions<Verification, HashQuery>) {
  return useMutation({ mutationFn: call, ...options })
}
