// PUT /api/calendar/generated/{key}/done: a generated legal date marked done
// (or not), which stops its alerts.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, type MutationOptions } from '../../../lib/api'
import { afterChange } from './mutations'

export type MarkDone = { key: string; done: boolean }

const call = async ({ key, done }: MarkDone) => {
  await unwrap(api.PUT('/api/calendar/generated/{key}/done', { params: { path: { key } }, body: { done } }))
}

export function useMarkDone(options?: MutationOptions<void, MarkDone>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: call,
    ...options,
    onSuccess: (...args) => {
      afterChange(qc)
      return options?.onSuccess?.(...args)
    },
  })
}
