// Toasts (spec 2 section 8): short messages at the top centre, dark, gone
// after about two seconds (a pointer over one keeps it). Errors and warnings
// are announced at once (role alert), the rest politely.
//
// A page wraps its part of the tree in <ToastProvider>; components that may
// be used anywhere (the payment screen) wrap themselves in <EnsureToasts>,
// which adds a provider only when there is none above.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react'
import './toast.css'

export type ToastKind = 'error' | 'warning' | 'success' | 'info'
type Toast = { id: number; kind: ToastKind; text: string }
type Show = (kind: ToastKind, text: string) => void

const ToastContext = createContext<Show | null>(null)

/** TOAST_MS is how long a toast stays. */
export const TOAST_MS = 2500

const ICONS = { error: CircleAlert, warning: TriangleAlert, success: CircleCheck, info: Info }

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const next = useRef(1)
  const dismiss = useCallback((id: number) => setToasts((t) => t.filter((x) => x.id !== id)), [])
  const show = useCallback<Show>((kind, text) => {
    const id = next.current++
    // The same text twice in a row replaces the first rather than stacking.
    setToasts((t) => [...t.filter((x) => x.text !== text), { id, kind, text }].slice(-3))
  }, [])
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDone={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  )
}

function ToastItem({ toast, onDone }: { toast: Toast; onDone: (id: number) => void }) {
  const [paused, setPaused] = useState(false)
  useEffect(() => {
    if (paused) return
    const t = setTimeout(() => onDone(toast.id), TOAST_MS)
    return () => clearTimeout(t)
  }, [paused, toast.id, onDone])
  const Icon = ICONS[toast.kind]
  const urgent = toast.kind === 'error' || toast.kind === 'warning'
  return (
    <div
      className={`toast toast--${toast.kind}`}
      role={urgent ? 'alert' : 'status'}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
    >
      <Icon aria-hidden size={20} className="toast__icon" />
      <span>{toast.text}</span>
    </div>
  )
}

/** EnsureToasts provides toasts to its children unless a provider is already above. */
export function EnsureToasts({ children }: { children: ReactNode }) {
  const outer = useContext(ToastContext)
  return outer ? <>{children}</> : <ToastProvider>{children}</ToastProvider>
}

/** useToast gives the function that shows a toast: toast('error', 'Invalid code'). */
export function useToast(): Show {
  const show = useContext(ToastContext)
  return useMemo(
    () =>
      show ??
      (() => {
        throw new Error('useToast needs a <ToastProvider> above it')
      }),
    [show],
  )
}
