// POST /api/properties and PUT /api/properties/{id}/address, /details: adding
// a property and saving its address or its portal details. Each answers the
// whole property, which replaces the cached one.
import { useMutation } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { Address, PortalDetails, Property } from './keys'

const create = async (address: Address) => (await unwrap(api.POST('/api/properties', { body: { address } }))).property
const saveAddress = async (id: string, address: Address) =>
  (await unwrap(api.PUT('/api/properties/{id}/address', { params: { path: { id } }, body: { address } }))).property
const saveDetails = async (id: string, body: PortalDetails) =>
  (await unwrap(api.PUT('/api/properties/{id}/details', { params: { path: { id } }, body }))).property

/** useSaveAddress adds a property (no id) or saves the address of the property with that id. */
export function useSaveAddress(id: string | undefined, options?: MutationOptions<Property, Address>) {
  return useMutation({ mutationFn: (a: Address) => (id ? saveAddress(id, a) : create(a)), ...options })
}

export function useSaveDetails(id: string, options?: MutationOptions<Property, PortalDetails>) {
  return useMutation({ mutationFn: (body: PortalDetails) => saveDetails(id, body), ...options })
}
