// An upload queue for files chosen or dropped by the user: each file is
// checked first (a reason refuses it at once), then uploaded as its own
// request, a few at a time, with its progress; failures are collected with
// their reasons. A "lead" upload runs alone before the others (a property's
// cover photo goes first). The queue outlives a render and the component:
// uploads that started finish even if the user moves on. Property photos use
// it, and inventory photos will.
import { useRef, useState } from 'react'
import { errorMessage } from './errors'

export type QueuedUpload = { key: number; file: File; preview: string; progress: number; started: boolean; lead: boolean }
export type UploadFailure = { key: number; name: string; reason: string }

type Options<T> = {
  /** upload sends one file, telling its progress (0-1). */
  upload: (file: File, onProgress: (p: number) => void) => Promise<T>
  /** onUploaded is told each result, in the order they finish. */
  onUploaded: (result: T) => void
  /** check refuses a file with a reason, or accepts it (null); ahead is how many are accepted and not finished. */
  check: (file: File, ahead: number) => string | null
  /** lead says whether a file accepted with this many ahead must go up alone, first. */
  lead?: (ahead: number) => boolean
  /** parallel is how many run at once (3 by default). */
  parallel?: number
}

export function useUploadQueue<T>({ upload, onUploaded, check, lead, parallel = 3 }: Options<T>) {
  const [uploads, setUploads] = useState<QueuedUpload[]>([])
  const [failures, setFailures] = useState<UploadFailure[]>([])
  const queue = useRef<QueuedUpload[]>([])
  const running = useRef(0)
  const leading = useRef(false) // a lead upload is running: the others wait
  const pending = useRef(0) // accepted and not finished: waiting + running
  const nextKey = useRef(1)
  // The latest callbacks, for uploads that finish after a later render.
  const latest = useRef({ upload, onUploaded })
  latest.current = { upload, onUploaded }

  function update(key: number, change: Partial<QueuedUpload>) {
    setUploads((us) => us.map((u) => (u.key === key ? { ...u, ...change } : u)))
  }

  function finish(u: QueuedUpload) {
    if (u.preview) URL.revokeObjectURL(u.preview)
    setUploads((us) => us.filter((x) => x.key !== u.key))
    running.current -= 1
    pending.current -= 1
    if (u.lead) leading.current = false
    pump()
  }

  function pump() {
    while (!leading.current && running.current < parallel && queue.current.length > 0) {
      const u = queue.current.shift()!
      running.current += 1
      if (u.lead) leading.current = true
      update(u.key, { started: true })
      latest.current.upload(u.file, (p) => update(u.key, { progress: p })).then(
        (result) => {
          latest.current.onUploaded(result)
          finish(u)
        },
        (e: unknown) => {
          setFailures((fs) => [...fs, { key: u.key, name: u.file.name, reason: errorMessage(e) }])
          finish(u)
        },
      )
    }
  }

  /** add checks and queues files; a new choice starts a new failure report. */
  function add(files: File[]) {
    if (files.length === 0) return
    const refused: UploadFailure[] = []
    const accepted: QueuedUpload[] = []
    for (const file of files) {
      const key = nextKey.current++
      const ahead = pending.current + accepted.length
      const reason = check(file, ahead)
      if (reason) {
        refused.push({ key, name: file.name, reason })
        continue
      }
      const preview = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : ''
      accepted.push({ key, file, preview, progress: 0, started: false, lead: lead?.(ahead) ?? false })
    }
    setFailures(refused)
    if (accepted.length === 0) return
    pending.current += accepted.length
    queue.current.push(...accepted)
    setUploads((us) => [...us, ...accepted])
    pump()
  }

  return { uploads, failures, add, clearFailures: () => setFailures([]), busy: uploads.length > 0 }
}
