// CarriedToast shows, once, a toast handed over by the page before in the
// router state ('Event saved' after the calendar's form, 'Income added',
// 'Report sent successfully'), then clears that state so a reload does not
// show it again.
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useToast } from './Toast'

/** ToastState is the router state a page sends with navigate() to carry a toast. */
export type ToastState = { toast?: string }

export function CarriedToast() {
  const loc = useLocation()
  const navigate = useNavigate()
  const toast = useToast()
  const text = (loc.state as ToastState | null)?.toast
  const shown = useRef(false)
  useEffect(() => {
    if (!text || shown.current) return
    shown.current = true
    toast('success', text)
    void navigate({ pathname: loc.pathname, search: loc.search }, { replace: true, state: null })
  }, [text, toast, navigate, loc.pathname, loc.search])
  return null
}
