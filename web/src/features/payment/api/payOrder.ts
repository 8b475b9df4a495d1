// The ways an order is paid from the browser: POST /api/orders/{id}/sandbox-payment
// (the embedded sandbox card form) and POST /api/orders/{id}/free (a total of
// nothing after promo codes).
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { paths } from '../../../lib/api-schema'

type SandboxBody = NonNullable<paths['/api/orders/{id}/sandbox-payment']['post']['requestBody']>['content']['application/json']
const sandbox = (id: string, body: SandboxBody) => unwrap(api.POST('/api/orders/{id}/sandbox-payment', { params: { path: { id } }, body }))
const free = (id: string) => unwrap(api.POST('/api/orders/{id}/free', { params: { path: { id } } }))

export function useSandboxPayment(orderId: string, options?: MutationOptions<Awaited<ReturnType<typeof sandbox>>, SandboxBody>) {
  return useMutation({ mutationFn: (body: SandboxBody) => sandbox(orderId, body), ...options })
}

export function useFreePurchase(orderId: string, options?: MutationOptions<Awaited<ReturnType<typeof free>>>) {
  return useMutation({ mutationFn: () => free(orderId), ...options })
}
