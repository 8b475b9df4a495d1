// Contractors and visits (issue 44): the landlord's contractors, a repair's
// contractor and visit panel, and the contractor's job link (no sign-in:
// the link's token names the one job). Every call answers the thing as it
// now is; the server decides everything (money in pence, the notice).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, api, unwrap, type ApiErrorBody, type MutationOptions } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'
import { uploadWithProgress } from '../../../lib/upload'
import { repairKey, repairListKey } from './repairs'

export type Contractor = components['schemas']['Contractor']
export type ContractorInput = components['schemas']['ContractorInput']
export type ContractorList = components['schemas']['ContractorList']
export type Trade = components['schemas']['ContractorTrade']
export type Visit = components['schemas']['RepairVisit']
export type Job = components['schemas']['RepairJob']
export type AppointmentInput = components['schemas']['RepairAppointmentInput']

export const contractorsKey = ['contractors'] as const
export const visitKey = (id: string) => ['repairs', 'visit', id] as const
export const jobKey = (token: string) => ['job', token] as const

export function useContractors(enabled = true) {
  return useQuery({
    queryKey: contractorsKey,
    queryFn: async ({ signal }) => unwrap(api.GET('/api/contractors', { signal })),
    enabled,
  })
}

/** useSaveContractor adds (no id) or changes (id) a contractor. */
export function useSaveContractor(options?: MutationOptions<Contractor, { id?: string; input: ContractorInput }>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string; input: ContractorInput }) =>
      id
        ? (await unwrap(api.PUT('/api/contractors/{id}', { params: { path: { id } }, body: input }))).contractor
        : (await unwrap(api.POST('/api/contractors', { body: input }))).contractor,
    ...options,
    onSuccess: (c, ...rest) => {
      void qc.invalidateQueries({ queryKey: contractorsKey })
      return options?.onSuccess?.(c, ...rest)
    },
  })
}

export function useDeleteContractor(options?: MutationOptions<void, string>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      const { error, response } = await api.DELETE('/api/contractors/{id}', { params: { path: { id } } })
      if (!response.ok) throw new ApiError(response.status, (error as { error?: ApiErrorBody } | undefined)?.error)
    },
    ...options,
    onSuccess: (...args) => {
      void qc.invalidateQueries({ queryKey: contractorsKey })
      return options?.onSuccess?.(...args)
    },
  })
}

export function useVisit(id: string) {
  return useQuery({
    queryKey: visitKey(id),
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/repairs/{id}/visit', { params: { path: { id } }, signal }))).visit,
  })
}

function useVisitMutation<V>(id: string, call: (v: V) => Promise<Visit>, options?: MutationOptions<Visit, V>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: call,
    ...options,
    onSuccess: (visit, ...rest) => {
      qc.setQueryData(visitKey(id), visit)
      // The repair's status and history moved too.
      void qc.invalidateQueries({ queryKey: repairKey(id) })
      void qc.invalidateQueries({ queryKey: repairListKey })
      return options?.onSuccess?.(visit, ...rest)
    },
  })
}

export function useAssign(id: string, options?: MutationOptions<Visit, { contractorId: string; note?: string }>) {
  return useVisitMutation(id, async (body: { contractorId: string; note?: string }) =>
    (await unwrap(api.POST('/api/repairs/{id}/visit/assign', { params: { path: { id } }, body }))).visit, options)
}

export function useProposeVisit(id: string, options?: MutationOptions<Visit, AppointmentInput>) {
  return useVisitMutation(id, async (body: AppointmentInput) =>
    (await unwrap(api.POST('/api/repairs/{id}/visit/appointment', { params: { path: { id } }, body }))).visit, options)
}

export function useConfirmVisit(id: string, options?: MutationOptions<Visit, { agreeShortNotice?: boolean; round?: number }>) {
  return useVisitMutation(id, async (body: { agreeShortNotice?: boolean; round?: number }) =>
    (await unwrap(api.POST('/api/repairs/{id}/visit/confirm', { params: { path: { id } }, body }))).visit, options)
}

export function useShareContact(id: string, options?: MutationOptions<Visit, { phone?: string; share: boolean }>) {
  return useVisitMutation(id, async (body: { phone?: string; share: boolean }) =>
    (await unwrap(api.PUT('/api/repairs/{id}/visit/contact', { params: { path: { id } }, body }))).visit, options)
}

// The job link.

export function useJob(token: string) {
  return useQuery({
    queryKey: jobKey(token),
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/jobs/{token}', { params: { path: { token } }, signal }))).job,
    retry: false,
  })
}

export type JobStep =
  | { step: 'accept' }
  | { step: 'decline'; reason: string }
  | { step: 'propose'; input: AppointmentInput }
  | { step: 'arrive' }
  | { step: 'done'; note: string }

async function jobStep(token: string, s: JobStep): Promise<Job> {
  const path = { params: { path: { token } } }
  switch (s.step) {
    case 'accept':
      return (await unwrap(api.POST('/api/jobs/{token}/accept', path))).job
    case 'decline':
      return (await unwrap(api.POST('/api/jobs/{token}/decline', { ...path, body: { reason: s.reason } }))).job
    case 'propose':
      return (await unwrap(api.POST('/api/jobs/{token}/appointment', { ...path, body: s.input }))).job
    case 'arrive':
      return (await unwrap(api.POST('/api/jobs/{token}/arrive', path))).job
    case 'done':
      return (await unwrap(api.POST('/api/jobs/{token}/done', { ...path, body: { note: s.note } }))).job
  }
}

export function useJobStep(token: string, options?: MutationOptions<Job, JobStep>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (s: JobStep) => jobStep(token, s),
    ...options,
    onSuccess: (job, ...rest) => {
      qc.setQueryData(jobKey(token), job)
      return options?.onSuccess?.(job, ...rest)
    },
  })
}

const pickJob = (body: unknown) => (body as { job?: Job } | undefined)?.job

/** uploadJobPhoto sends one photo of the work (the server checks it and strips its location). */
export function uploadJobPhoto(token: string, file: File): Promise<Job> {
  return uploadWithProgress<Job>(`/api/jobs/${encodeURIComponent(token)}/photos`, file, { pick: pickJob })
}

/** uploadJobInvoice sends the invoice file with its amount in pence (a whole number, checked by the server). */
export function uploadJobInvoice(token: string, amountPence: string, file: File): Promise<Job> {
  return uploadWithProgress<Job>(`/api/jobs/${encodeURIComponent(token)}/invoice?amountPence=${encodeURIComponent(amountPence)}`, file, { pick: pickJob })
}

export function jobPhotoURL(token: string, name: string): string {
  return `/api/jobs/${encodeURIComponent(token)}/photos/${encodeURIComponent(name)}`
}
