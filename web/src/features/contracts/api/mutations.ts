// The small shared step of every contract mutation: the answer replaces the
// cached agreement, and the lists and the document are asked again.
import type { QueryClient } from '@tanstack/react-query'
import { contractKey, contractsKey, type Contract } from './types'

export function storeContract(qc: QueryClient, c: Contract) {
  qc.setQueryData(contractKey(c.id), c)
  void qc.invalidateQueries({ queryKey: contractsKey, predicate: (q) => q.queryKey[1] !== 'one' || q.queryKey[2] !== c.id })
}
