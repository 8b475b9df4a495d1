// Saved searches' query keys and shared types.
import type { components } from '../../../lib/api-schema'

export type SavedSearch = components['schemas']['SavedSearch']

export const savedSearchesKey = (userId: string | null) => ['saved-searches', userId] as const
