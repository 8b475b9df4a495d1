// A toast handed over by the page before ('Event saved' after the form), shown once.
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useToast } from '../../../components/Toast'

export type CalendarToastState = { toast?: string }

export function CarriedToast() {
  const loc = useLocation()
  const navigate = useNavigate()
  const toast = useToast()
  const text = (loc.state as CalendarToastState | null)?.toast
  const shown = useRef(false)
  useEffect(() => {
    if (!text || shown.current) return
    shown.current = true
    toast('success', text)
    void navigate({ pathname: loc.pathname, search: loc.search }, { replace: true, state: null })
  }, [text, toast, navigate, loc.pathname, loc.search])
  return null
}
