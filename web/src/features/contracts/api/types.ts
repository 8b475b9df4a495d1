// The contract builder's API types and query keys (api/openapi.yaml, "Contract").
import type { components } from '../../../lib/api-schema'

export type Contract = components['schemas']['Contract']
export type ContractAnswers = components['schemas']['ContractAnswers']
export type ContractStep = components['schemas']['ContractStep']
export type ContractDocument = components['schemas']['ContractDocument']
export type ContractCatalogue = components['schemas']['ContractCatalogue']
export type RichText = components['schemas']['RichText']
export type ListView = 'draft' | 'awaiting' | 'completed' | 'all'

export const contractsKey = ['contracts'] as const
export const contractListKey = (view: ListView) => ['contracts', 'list', view] as const
export const contractKey = (id: string) => ['contracts', 'one', id] as const
export const documentKey = (id: string) => ['contracts', 'document', id] as const
