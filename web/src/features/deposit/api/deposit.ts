// The deposit API (issue 45, "The deposit back"): each signed tenancy's
// deposit and its protection. Every change answers the tenancy as it now
// is; the list is read again after it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'

export type DepositTenancy = components['schemas']['DepositTenancy']
export type ProtectionInput = components['schemas']['DepositProtectionInput']

export const depositsKey = ['deposits'] as const

export function useDeposits() {
  return useQuery({
    queryKey: depositsKey,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/deposits', { signal }))).tenancies,
  })
}

function useDepositMutation<T, V>(call: (v: V) => Promise<T>, options?: MutationOptions<T, V>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: call,
    ...options,
    onSuccess: (data, ...rest) => {
      void qc.invalidateQueries({ queryKey: depositsKey })
      return options?.onSuccess?.(data, ...rest)
    },
  })
}

export function useProtect(tenancyId: string, options?: MutationOptions<DepositTenancy, ProtectionInput>) {
  return useDepositMutation(
    async (body: ProtectionInput) =>
      (await unwrap(api.PUT('/api/deposits/tenancies/{id}/protection', { params: { path: { id: tenancyId } }, body }))).tenancy,
    options,
  )
}

export function useAddCertificate(tenancyId: string, options?: MutationOptions<DepositTenancy, File>) {
  return useDepositMutation(async (file: File) => {
    const form = new FormData()
    form.append('file', file)
    // openapi-fetch passes FormData through; the browser sets the multipart boundary.
    return (await unwrap(api.POST('/api/deposits/tenancies/{id}/certificate', {
      params: { path: { id: tenancyId } }, body: form as unknown as { file: string },
    }))).tenancy
  }, options)
}

export type Deductions = components['schemas']['Deductions']
export type Deduction = components['schemas']['Deduction']
export type DeductionInput = components['schemas']['DeductionInput']
export type DeductionAnswer = components['schemas']['DeductionAnswer']

export const deductionsKey = (id: string) => ['deposits', id, 'deductions'] as const

export function useDeductions(tenancyId: string) {
  return useQuery({
    queryKey: deductionsKey(tenancyId),
    queryFn: async ({ signal }) =>
      unwrap(api.GET('/api/deposits/tenancies/{id}/deductions', { params: { path: { id: tenancyId } }, signal })),
  })
}

export function useAddDeduction(tenancyId: string, options?: MutationOptions<Deduction, DeductionInput>) {
  return useDepositMutation(
    async (body: DeductionInput) =>
      (await unwrap(api.POST('/api/deposits/tenancies/{id}/deductions', { params: { path: { id: tenancyId } }, body }))).line,
    options,
  )
}

export function useAnswerDeduction(lineId: string, options?: MutationOptions<Deduction, DeductionAnswer>) {
  return useDepositMutation(
    async (body: DeductionAnswer) =>
      (await unwrap(api.POST('/api/deposits/lines/{id}/answer', { params: { path: { id: lineId } }, body }))).line,
    options,
  )
}

export function useAddQuote(lineId: string, options?: MutationOptions<Deduction, File>) {
  return useDepositMutation(async (file: File) => {
    const form = new FormData()
    form.append('file', file)
    return (await unwrap(api.POST('/api/deposits/lines/{id}/quote', {
      params: { path: { id: lineId } }, body: form as unknown as { file: string },
    }))).line
  }, options)
}

// A tenant's photos of their dispute (issue 45): one photo a request,
// after the dispute is sent; the server judges each by its content.
export type AnswerPhoto = components['schemas']['DeductionAnswerPhoto']

export function useAddAnswerPhoto(lineId: string, options?: MutationOptions<Deduction, File>) {
  return useDepositMutation(async (file: File) => {
    const form = new FormData()
    form.append('file', file)
    return (await unwrap(api.POST('/api/deposits/lines/{id}/answer/photos', {
      params: { path: { id: lineId } }, body: form as unknown as { file: string },
    }))).line
  }, options)
}

export function useRemoveAnswerPhoto(lineId: string, options?: MutationOptions<Deduction, string>) {
  return useDepositMutation(
    async (photo: string) =>
      (await unwrap(api.DELETE('/api/deposits/lines/{id}/answer/photos/{photo}', { params: { path: { id: lineId, photo } } }))).line,
    options,
  )
}
