import { useEffect, useState } from 'react'

/** useDebounced is value once it has stopped changing for ms (for asking the server as someone types). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return settled
}
