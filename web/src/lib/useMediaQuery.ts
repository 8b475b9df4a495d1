// useMediaQuery follows a CSS media query, for layouts that change markup
// (not just styles) with the width: the payment screen's alternating panels
// at 800 px and the reports' cards on a phone. Without matchMedia (jsdom) it
// answers `fallback`.
import { useCallback, useSyncExternalStore } from 'react'

export function useMediaQuery(query: string, fallback = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {}
      const mql = window.matchMedia(query)
      mql.addEventListener('change', onChange)
      return () => mql.removeEventListener('change', onChange)
    },
    [query],
  )
  const get = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : fallback)
  return useSyncExternalStore(subscribe, get, () => fallback)
}
