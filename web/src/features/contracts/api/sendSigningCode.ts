// POST /api/contracts/{id}/signing/code: e-mails a 6-digit code to the
// signed-in signer; at most one every 10 seconds (429 with the message).
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'

/** sendSigningCode asks for the code. */
export const sendSigningCode = (id: string) => unwrap(api.POST('/api/contracts/{id}/signing/code', { params: { path: { id } } }))

export function useSendSigningCode(id: string, options?: MutationOptions<Awaited<ReturnType<typeof sendSigningCode>>>) {
  return useMutation({ mutationFn: () => sendSigningCode(id), ...options })
}
