// The notices API (issue 45): each signed tenancy's rent increases and the
// tenant's notice, and the changes to them. Every change answers the record
// as it now is; the list is read again after it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'

export type NoticeTenancy = components['schemas']['NoticeTenancy']
export type RentIncrease = components['schemas']['RentIncrease']
export type TenantNotice = components['schemas']['TenantNotice']
export type RentIncreaseProposal = components['schemas']['RentIncreaseProposal']
export type RentIncreaseService = components['schemas']['RentIncreaseService']
export type NoticeLink = components['schemas']['NoticeLink']

export const noticesKey = ['notices'] as const

export function useNotices() {
  return useQuery({
    queryKey: noticesKey,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/notices', { signal }))).tenancies,
  })
}

function useNoticeMutation<T, V>(call: (v: V) => Promise<T>, options?: MutationOptions<T, V>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: call,
    ...options,
    onSuccess: (data, ...rest) => {
      void qc.invalidateQueries({ queryKey: noticesKey })
      // The calendar and the tenant's home (GET /api/me/home: its rent and dates ahead) show them too.
      void qc.invalidateQueries({ queryKey: ['calendar'] })
      void qc.invalidateQueries({ queryKey: ['me', 'home'] })
      return options?.onSuccess?.(data, ...rest)
    },
  })
}

export function useProposeIncrease(tenancyId: string, options?: MutationOptions<RentIncrease, RentIncreaseProposal>) {
  return useNoticeMutation(
    async (body: RentIncreaseProposal) =>
      (await unwrap(api.POST('/api/notices/tenancies/{id}/rent-increases', { params: { path: { id: tenancyId } }, body }))).increase,
    options,
  )
}

export function useServeIncrease(id: string, options?: MutationOptions<RentIncrease, RentIncreaseService>) {
  return useNoticeMutation(
    async (body: RentIncreaseService) =>
      (await unwrap(api.POST('/api/notices/rent-increases/{id}/serve', { params: { path: { id } }, body }))).increase,
    options,
  )
}

export function useAcceptIncrease(id: string, options?: MutationOptions<RentIncrease, void>) {
  return useNoticeMutation(
    async () => (await unwrap(api.POST('/api/notices/rent-increases/{id}/accept', { params: { path: { id } } }))).increase,
    options,
  )
}

export function useWithdrawIncrease(id: string, options?: MutationOptions<RentIncrease, void>) {
  return useNoticeMutation(
    async () => (await unwrap(api.POST('/api/notices/rent-increases/{id}/withdraw', { params: { path: { id } } }))).increase,
    options,
  )
}

export function useGiveNotice(tenancyId: string, options?: MutationOptions<TenantNotice, { endOn: string }>) {
  return useNoticeMutation(
    async (body: { endOn: string }) =>
      (await unwrap(api.POST('/api/notices/tenancies/{id}/tenant-notice', { params: { path: { id: tenancyId } }, body }))).notice,
    options,
  )
}
