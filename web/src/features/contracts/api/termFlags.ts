// The term checker's flags on the landlord's own terms (api/openapi.yaml,
// "TermFlag"): POST /api/contracts/{id}/term-check as the terms are typed,
// and PUT /api/contracts/{id}/term-acknowledgements to keep a flagged term.
// The rules are the server's (internal/tenancy/terms/data/rules.yaml).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'
import { documentKey } from './types'

export type TermFlag = components['schemas']['TermFlag']
export type TermFinding = components['schemas']['TermFinding']

/** useTermCheck checks typed terms (one a line) under the law of the draft's start date. */
export function useTermCheck(id: string, text: string) {
  return useQuery({
    queryKey: ['contracts', 'term-check', id, text] as const,
    queryFn: async ({ signal }) =>
      (await unwrap(api.POST('/api/contracts/{id}/term-check', { params: { path: { id } }, body: { text }, signal }))).termFlags,
    enabled: text.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
}

/** useAcknowledgeTerm records or withdraws the landlord's acknowledgement of one flagged term. */
export function useAcknowledgeTerm(id: string, options: MutationOptions<TermFlag[], { term: string; acknowledged: boolean }> = {}) {
  const qc = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: async (v) =>
      (await unwrap(api.PUT('/api/contracts/{id}/term-acknowledgements', { params: { path: { id } }, body: v }))).termFlags,
    onSuccess: (...args) => {
      // The answer is the draft's flags: show them at once, then refresh the document.
      qc.setQueryData(documentKey(id), (old: { termFlags: TermFlag[] } | undefined) => (old ? { ...old, termFlags: args[0] } : old))
      void qc.invalidateQueries({ queryKey: documentKey(id) })
      options.onSuccess?.(...args)
    },
  })
}
