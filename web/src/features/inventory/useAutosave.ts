// useAutosave keeps a report's data in the page and saves every change: the
// whole data goes to the server ~800 ms after the last change, with the
// revision it was based on; the answer's revision is kept for the next
// save. Until the server has it, the data also waits in localStorage (one
// key per report), so a closed tab or a lost connection loses nothing: on
// load, a stored copy made at the server's revision is sent again. Offline
// (navigator.onLine false, or a call that never reached the server), it
// tries again when the 'online' event fires (and every little while, since
// the browser may think it is online). A 409 "changed" means another save
// came first: the server's copy is adopted and its message shown. A save
// that left out photos deleted meanwhile answers with a message too: its
// copy is adopted (when nothing changed since) and the message shown.
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '../../lib/api'
import { errorMessage } from '../../lib/errors'
import type { InventoryData, InventoryReport } from './api/keys'
import type { SaveResult } from './api/saveReport'

export type AutosaveStatus = 'saved' | 'saving' | 'offline' | 'conflict' | 'error'

type Stored = { revision: number; data: InventoryData; at: number }

export const storageKey = (id: string) => `omnirent.inventory.unsaved.${id}`

export function readStored(id: string): Stored | null {
  try {
    const raw = window.localStorage.getItem(storageKey(id))
    if (!raw) return null
    const s = JSON.parse(raw) as Stored
    return s && typeof s.revision === 'number' && s.data ? s : null
  } catch {
    return null
  }
}

function writeStored(id: string, s: Stored | null) {
  try {
    if (s) window.localStorage.setItem(storageKey(id), JSON.stringify(s))
    else window.localStorage.removeItem(storageKey(id))
  } catch {
    // Storage full or blocked: the server copy is still the goal.
  }
}

type Options = {
  report: Pick<InventoryReport, 'id' | 'revision' | 'data'>
  save: (id: string, revision: number, data: InventoryData) => Promise<SaveResult>
  /** normalise shapes the data read from the server or storage. */
  normalise?: (d: InventoryData) => InventoryData
  delay?: number
  /** retryMs: how soon a save that never reached the server is tried again while the browser says online. */
  retryMs?: number
  /** onAdopt is told when the server's copy replaced the local one (409, or photos deleted meanwhile left out). */
  onAdopt?: (report: InventoryReport, message: string) => void
}

const isNetworkError = (e: unknown) => !(e instanceof ApiError) || e.status === 0 || e.status >= 500
const online = () => typeof navigator === 'undefined' || navigator.onLine !== false

export function useAutosave({ report, save, normalise = (d) => d, delay = 800, retryMs = 15_000, onAdopt }: Options) {
  const id = report.id
  // Start: the stored copy if it was made on the server's revision, else the server's data.
  const [initial] = useState(() => {
    const stored = readStored(id)
    if (stored && stored.revision === report.revision) return { data: normalise(stored.data), dirty: true }
    if (stored) writeStored(id, null) // made on an older revision: the server moved on
    return { data: normalise(report.data), dirty: false }
  })
  const [data, setData] = useState<InventoryData>(initial.data)
  const [status, setStatus] = useState<AutosaveStatus>(initial.dirty ? 'saving' : 'saved')
  const [message, setMessage] = useState('')
  const dataRef = useRef(initial.data)
  const revision = useRef(report.revision)
  const dirty = useRef(initial.dirty)
  const inFlight = useRef<Promise<void> | null>(null)
  const again = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const retry = useRef<ReturnType<typeof setTimeout> | null>(null)
  const mounted = useRef(true)
  const latest = useRef({ save, normalise, onAdopt })
  latest.current = { save, normalise, onAdopt }

  const clearTimers = () => {
    if (timer.current) clearTimeout(timer.current)
    if (retry.current) clearTimeout(retry.current)
    timer.current = retry.current = null
  }

  const run = useCallback((): Promise<void> => {
    if (inFlight.current) {
      again.current = true
      return inFlight.current
    }
    if (!dirty.current) return Promise.resolve()
    if (!online()) {
      setStatus('offline')
      return Promise.resolve()
    }
    const snapshot = dataRef.current
    const based = revision.current
    setStatus('saving')
    const p = (async () => {
      try {
        const result = await latest.current.save(id, based, snapshot)
        revision.current = result.report.revision
        if (result.kind === 'conflict') {
          const adopted = latest.current.normalise(result.report.data)
          dataRef.current = adopted
          dirty.current = false
          again.current = false
          writeStored(id, null)
          if (mounted.current) {
            setData(adopted)
            setStatus('conflict')
            setMessage(result.message)
          }
          latest.current.onAdopt?.(result.report, result.message)
          return
        }
        if (dataRef.current === snapshot) {
          dirty.current = false
          writeStored(id, null)
          if (result.message) {
            // Saved without photos deleted meanwhile: show what the server keeps.
            const adopted = latest.current.normalise(result.report.data)
            dataRef.current = adopted
            if (mounted.current) setData(adopted)
            latest.current.onAdopt?.(result.report, result.message)
          }
          if (mounted.current) {
            setStatus('saved')
            setMessage(result.message ?? '')
          }
        } else {
          // Changed while saving: keep it on the new revision and go again.
          writeStored(id, { revision: revision.current, data: dataRef.current, at: Date.now() })
          again.current = true
        }
      } catch (e) {
        if (isNetworkError(e)) {
          if (mounted.current) setStatus('offline')
          if (retry.current) clearTimeout(retry.current)
          retry.current = setTimeout(() => void run(), retryMs)
        } else if (mounted.current) {
          setStatus('error')
          setMessage(errorMessage(e))
        }
        again.current = false
      } finally {
        inFlight.current = null
      }
      if (again.current) {
        again.current = false
        await run()
      }
    })()
    inFlight.current = p
    return p
  }, [id, retryMs])

  /** update changes the data (a function of the latest data, or the new data) and schedules the save. */
  const update = useCallback(
    (change: InventoryData | ((d: InventoryData) => InventoryData)) => {
      const next = typeof change === 'function' ? change(dataRef.current) : change
      if (next === dataRef.current) return
      dataRef.current = next
      dirty.current = true
      setData(next)
      writeStored(id, { revision: revision.current, data: next, at: Date.now() })
      if (online()) setStatus('saving')
      else setStatus('offline')
      if (timer.current) clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        timer.current = null
        void run()
      }, delay)
    },
    [id, delay, run],
  )

  /** flush saves now (SAVE DRAFT); true when the server has everything. */
  const flush = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    await run()
    if (inFlight.current) await inFlight.current
    return !dirty.current
  }, [run])

  useEffect(() => {
    mounted.current = true
    const onOnline = () => {
      if (dirty.current) void run()
    }
    const onOffline = () => {
      if (dirty.current) setStatus('offline')
    }
    window.addEventListener('online', onOnline)
    window.addEventListener('offline', onOffline)
    // Restored from this device: send it.
    if (dirty.current) void run()
    return () => {
      mounted.current = false
      window.removeEventListener('online', onOnline)
      window.removeEventListener('offline', onOffline)
      // Leaving with a change still waiting: send it now (it is also on this device).
      const waiting = timer.current !== null
      clearTimers()
      if (waiting) void run()
    }
  }, [run])

  return { data, update, flush, status, message, revision: revision.current, dirty: dirty.current }
}
