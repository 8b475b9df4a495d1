// The inventory reports' API types and query keys (api/openapi.yaml, "Inventory").
import type { components } from '../../../lib/api-schema'

export type InventoryReport = components['schemas']['InventoryReport']
export type InventoryData = components['schemas']['InventoryData']
export type InventoryCatalogue = components['schemas']['InventoryCatalogue']
export type CatalogueItem = InventoryCatalogue['items'][number]
export type InventoryGroup = components['schemas']['InventoryGroup']
export type InventoryRoom = components['schemas']['InventoryRoom']
export type RoomItem = InventoryRoom['items'][number]
export type Condition = components['schemas']['InventoryCondition']
export type KeysAlarms = components['schemas']['InventoryKeysAlarms']
export type Meter = InventoryData['utilitiesAndMeters'][number]
export type ComplianceDocument = InventoryData['documentsAndCompliance'][number]
export type Tenant = InventoryData['tenantDetails'][number]
export type Photo = components['schemas']['Image']
export type PhotoEvidence = components['schemas']['PhotoEvidence']
export type PhotoOrigin = 'camera' | 'upload'
export type InventoryDispute = components['schemas']['InventoryDispute']
export type ListView = 'draft' | 'active' | 'completed' | 'clonable'

export const inventoryKey = ['inventory'] as const
export const catalogueKey = ['inventory', 'catalogue'] as const
export const reportListKey = (view: ListView, type?: string) => ['inventory', 'list', view, type ?? ''] as const
export const reportKey = (id: string) => ['inventory', 'one', id] as const
export const photosKey = (id: string) => ['inventory', 'photos', id] as const
export const evidenceKey = (id: string) => ['inventory', 'evidence', id] as const
export const disputesKey = (id: string) => ['inventory', 'disputes', id] as const
