// The repairs API (issue 44): the report form's data, the lists, one repair
// and the changes to it. Every change answers the repair as it now is.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'
import { propertiesKey } from '../../property/api/keys'

export type RepairForm = components['schemas']['RepairForm']
export type RepairCategory = components['schemas']['RepairCategory']
export type RepairOption = components['schemas']['RepairOption']
export type RepairAdvice = components['schemas']['RepairAdvice']
export type RepairReport = components['schemas']['RepairReport']
export type RepairItem = components['schemas']['RepairItem']
export type Repair = components['schemas']['Repair']
export type RepairDeadline = components['schemas']['RepairDeadline']
export type RepairChange = components['schemas']['RepairChange']
export type RepairNotice = components['schemas']['RepairNotice']

export const repairsKey = ['repairs'] as const
export const repairFormKey = ['repairs', 'form'] as const
export const repairListKey = ['repairs', 'list'] as const
export const repairKey = (id: string) => ['repairs', 'one', id] as const

export function useRepairForm() {
  return useQuery({
    queryKey: repairFormKey,
    queryFn: async ({ signal }) => unwrap(api.GET('/api/repairs/form', { signal })),
    staleTime: 5 * 60_000,
  })
}

export function useRepairs() {
  return useQuery({
    queryKey: repairListKey,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/repairs', { signal }))).repairs,
  })
}

export function useRepair(id: string) {
  return useQuery({
    queryKey: repairKey(id),
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/repairs/{id}', { params: { path: { id } }, signal }))).repair,
  })
}

function useRepairMutation<V>(call: (v: V) => Promise<Repair>, options?: MutationOptions<Repair, V>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: call,
    ...options,
    onSuccess: (repair, ...rest) => {
      qc.setQueryData(repairKey(repair.id), repair)
      void qc.invalidateQueries({ queryKey: repairListKey })
      return options?.onSuccess?.(repair, ...rest)
    },
  })
}

export function useReportRepair(options?: MutationOptions<Repair, RepairReport>) {
  return useRepairMutation(async (body: RepairReport) => (await unwrap(api.POST('/api/repairs', { body }))).repair, options)
}

export function useChangeRepair(id: string, options?: MutationOptions<Repair, RepairChange>) {
  return useRepairMutation(
    async (body: RepairChange) => (await unwrap(api.POST('/api/repairs/{id}/status', { params: { path: { id } }, body }))).repair,
    options,
  )
}

export function usePostRepairMessage(id: string, options?: MutationOptions<Repair, string>) {
  return useRepairMutation(
    async (body: string) => (await unwrap(api.POST('/api/repairs/{id}/messages', { params: { path: { id } }, body: { body } }))).repair,
    options,
  )
}

export function usePostRepairNotice(id: string, options?: MutationOptions<Repair, RepairNotice>) {
  return useRepairMutation(
    async (body: RepairNotice) => (await unwrap(api.POST('/api/repairs/{id}/notices', { params: { path: { id } }, body }))).repair,
    options,
  )
}

/** useRepairProperties: a landlord's properties to log a repair for (GET /api/properties), asked only for landlords. */
export function useRepairProperties(enabled: boolean) {
  return useQuery({
    queryKey: propertiesKey,
    queryFn: async () => (await unwrap(api.GET('/api/properties'))).properties ?? [],
    enabled,
  })
}
