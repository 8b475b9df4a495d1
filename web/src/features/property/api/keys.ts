// The landlord's properties in TanStack Query: ['properties'] is the list and
// ['properties', id] one property, so invalidating ['properties'] refreshes both.
import { api, unwrap } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'

export type Property = components['schemas']['Property']

export type Address = components['schemas']['Address']

export type PortalDetails = components['schemas']['PortalDetailsRequest']

export const propertiesKey = ['properties'] as const

export const propertyKey = (id: string) => ['properties', id] as const

export async function fetchProperty(id: string): Promise<Property> {
  return (await unwrap(api.GET('/api/properties/{id}', { params: { path: { id } } }))).property
}
