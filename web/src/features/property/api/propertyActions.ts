// DELETE /api/properties/{id}, POST .../publish and .../unpublish: the
// property list's actions; each answers the server's message.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { Property } from './keys'

export type Action = 'delete' | 'publish' | 'unpublish'
export type ActionInput = { action: Action; property: Property }

async function act({ action, property }: ActionInput): Promise<string> {
  const params = { params: { path: { id: property.id } } }
  if (action === 'delete') return (await unwrap(api.DELETE('/api/properties/{id}', params))).message
  if (action === 'publish') return (await unwrap(api.POST('/api/properties/{id}/publish', params))).message
  return (await unwrap(api.POST('/api/properties/{id}/unpublish', params))).message
}

export function usePropertyAction(options?: MutationOptions<string, ActionInput>) {
  return useMutation({ mutationFn: act, ...options })
}
