// useReferenceCheck.
import { useQuery } from '@tanstack/react-query'
import { type CheckAnswer, checkQuery } from './keys'

export function useReferenceCheck(id: string) {
  return useQuery({ ...checkQuery(id), select: (d: CheckAnswer) => d.referenceCheck })
}
