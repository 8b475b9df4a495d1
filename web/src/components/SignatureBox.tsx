// The signature box (spec 2, "Preview and signing"; inventory reports use it
// too): three ways to sign, chosen with tabs.
//
// - Draw: signature_pad on a canvas as wide as its box, drawn at the
//   screen's pixel ratio; a resize redraws the strokes rather than losing
//   them; touch-action none so a finger draws instead of scrolling.
// - Type: the name (at most 45 characters), previewed in the signature font.
// - Upload: a picture of a signature, previewed; sent as a PNG data URL
//   (scaled down in the browser when it can), the server checks the content.
//
// The box tells its parent what would be signed with, or null while the
// chosen tab holds nothing usable.
import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react'
import SignaturePad from 'signature_pad'
import { Eraser, ImageUp, PenLine, Type } from 'lucide-react'
import '@fontsource/great-vibes/400.css'
import './signatureBox.css'

export type SignatureMethod = 'draw' | 'type' | 'upload'
export type SignatureValue = { method: SignatureMethod; typed?: string; image?: string }

// ---- Exact texts (spec) ----
export const TYPED_MAX = 45
export const TYPED_TOO_LONG = 'No more than 45 characters'
export const NOT_AN_IMAGE = 'Please upload an image'
export const NO_FILE = 'No File Chosen'

const TABS: { method: SignatureMethod; label: string; Icon: typeof PenLine }[] = [
  { method: 'draw', label: 'Draw', Icon: PenLine },
  { method: 'type', label: 'Type', Icon: Type },
  { method: 'upload', label: 'Upload', Icon: ImageUp },
]

/** Uploaded pictures are scaled to fit this box before they are sent. */
const UPLOAD_MAX_W = 1200
const UPLOAD_MAX_H = 600

type Props = {
  /** onChange receives the signature, or null when the chosen tab is empty or invalid. */
  onChange: (value: SignatureValue | null) => void
  /** label names the whole box. */
  label?: string
  /** id prefixes the ids of the box's parts (default: a generated one). */
  id?: string
  /** labelledBy names the box by a heading already on the page (its id): the box then shows no label of its own. */
  labelledBy?: string
}

export function SignatureBox({ onChange, label = 'Your signature', id: given, labelledBy }: Props) {
  const generated = useId()
  const id = given ?? `sig${generated.replace(/[^a-zA-Z0-9_-]/g, '')}`
  const [tab, setTab] = useState<SignatureMethod>('draw')
  const [drawn, setDrawn] = useState<string | null>(null)
  const [typed, setTyped] = useState('')
  const [upload, setUpload] = useState<{ name: string; image: string | null; error: string }>({ name: '', image: null, error: '' })
  const tabRefs = useRef<Record<SignatureMethod, HTMLButtonElement | null>>({ draw: null, type: null, upload: null })

  const name = typed.trim()
  const tooLong = Array.from(name).length > TYPED_MAX

  // The parent hears of every change; its callback is kept in a ref so a new
  // function on each of its renders does not report again.
  const report = useRef(onChange)
  useEffect(() => {
    report.current = onChange
  }, [onChange])
  useEffect(() => {
    let value: SignatureValue | null = null
    if (tab === 'draw' && drawn) value = { method: 'draw', image: drawn }
    if (tab === 'type' && name && !tooLong) value = { method: 'type', typed: name }
    if (tab === 'upload' && upload.image) value = { method: 'upload', image: upload.image }
    report.current(value)
  }, [tab, drawn, name, tooLong, upload.image])

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>) {
    const at = TABS.findIndex((t) => t.method === tab)
    let next = -1
    if (e.key === 'ArrowRight') next = (at + 1) % TABS.length
    else if (e.key === 'ArrowLeft') next = (at + TABS.length - 1) % TABS.length
    else if (e.key === 'Home') next = 0
    else if (e.key === 'End') next = TABS.length - 1
    if (next < 0) return
    e.preventDefault()
    const m = TABS[next].method
    setTab(m)
    tabRefs.current[m]?.focus()
  }

  return (
    <div className="sigbox" role="group" aria-labelledby={labelledBy ?? `${id}-label`}>
      {labelledBy ? null : (
        <p id={`${id}-label`} className="sigbox__label">
          {label}
        </p>
      )}
      <div className="sigbox__tabs" role="tablist" aria-label="How to sign">
        {TABS.map(({ method, label: tabLabel, Icon }) => (
          <button
            key={method}
            ref={(el) => {
              tabRefs.current[method] = el
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${method}`}
            aria-selected={tab === method}
            aria-controls={`${id}-panel-${method}`}
            tabIndex={tab === method ? 0 : -1}
            className={tab === method ? 'sigbox__tab is-active' : 'sigbox__tab'}
            onClick={() => setTab(method)}
            onKeyDown={onTabKey}
          >
            <Icon aria-hidden size={18} />
            {tabLabel}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`${id}-panel-draw`} aria-labelledby={`${id}-tab-draw`} hidden={tab !== 'draw'} className="sigbox__panel">
        <DrawPanel id={id} onImage={setDrawn} hasDrawing={!!drawn} />
      </div>

      <div role="tabpanel" id={`${id}-panel-type`} aria-labelledby={`${id}-tab-type`} hidden={tab !== 'type'} className="sigbox__panel">
        <div className={tooLong ? 'field field--invalid' : 'field'}>
          <label htmlFor={`${id}-typed`}>Type your full name</label>
          <input
            id={`${id}-typed`}
            type="text"
            autoComplete="name"
            autoCapitalize="words"
            spellCheck={false}
            value={typed}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? `${id}-typed-error` : undefined}
            onChange={(e) => setTyped(e.target.value)}
          />
          {tooLong ? (
            <p id={`${id}-typed-error`} className="field-error" role="alert">
              {TYPED_TOO_LONG}
            </p>
          ) : null}
        </div>
        <div className="sigbox__surface sigbox__typed" role="img" aria-label={name ? `Signature preview: ${name}` : 'Signature preview, empty'}>
          <span className="sigbox__typed-text">{name}</span>
        </div>
      </div>

      <div role="tabpanel" id={`${id}-panel-upload`} aria-labelledby={`${id}-tab-upload`} hidden={tab !== 'upload'} className="sigbox__panel">
        <UploadPanel id={id} state={upload} onState={setUpload} />
      </div>
    </div>
  )
}

function DrawPanel({ id, onImage, hasDrawing }: { id: string; onImage: (image: string | null) => void; hasDrawing: boolean }) {
  const wrap = useRef<HTMLDivElement>(null)
  const canvas = useRef<HTMLCanvasElement>(null)
  const pad = useRef<SignaturePad | null>(null)
  const [usable, setUsable] = useState(true)
  const tell = useRef(onImage)
  useEffect(() => {
    tell.current = onImage
  }, [onImage])

  useEffect(() => {
    const c = canvas.current
    const box = wrap.current
    if (!c || !box) return
    let ctx: CanvasRenderingContext2D | null = null
    try {
      ctx = c.getContext('2d')
    } catch {
      ctx = null
    }
    if (!ctx) {
      // No canvas here (an old browser, or a test's DOM): the other tabs remain.
      setUsable(false)
      return
    }
    const p = new SignaturePad(c, { penColor: '#14213d', minWidth: 0.8, maxWidth: 2.8 })
    pad.current = p
    const ended = () => tell.current(p.isEmpty() ? null : p.toDataURL('image/png'))
    p.addEventListener('endStroke', ended)

    // The canvas's pixels follow its box's width and the screen's pixel
    // ratio; the strokes are kept and drawn again after each change.
    let lastWidth = 0
    let lastRatio = 0
    const fit = () => {
      const width = box.clientWidth
      const height = c.offsetHeight
      const ratio = Math.max(window.devicePixelRatio || 1, 1)
      if (!width || !height || (width === lastWidth && ratio === lastRatio)) return
      lastWidth = width
      lastRatio = ratio
      const strokes = p.toData()
      c.width = Math.round(width * ratio)
      c.height = Math.round(height * ratio)
      c.getContext('2d')?.scale(ratio, ratio)
      p.clear()
      if (strokes.length) {
        p.fromData(strokes)
        tell.current(p.toDataURL('image/png'))
      }
    }
    fit()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit)
    observer?.observe(box)
    window.addEventListener('resize', fit)
    return () => {
      observer?.disconnect()
      window.removeEventListener('resize', fit)
      p.removeEventListener('endStroke', ended)
      p.off()
      pad.current = null
    }
  }, [])

  function clear() {
    pad.current?.clear()
    onImage(null)
  }

  return (
    <>
      <p id={`${id}-draw-hint`} className="sigbox__hint">
        {usable
          ? 'Sign in the box with your finger, a stylus or the mouse.'
          : 'Drawing is not available in this browser. Type or upload your signature instead.'}
      </p>
      <div ref={wrap} className="sigbox__surface sigbox__draw">
        <canvas ref={canvas} className="sigbox__canvas" role="img" aria-label="Signature drawing area" aria-describedby={`${id}-draw-hint`} />
        <span className="sigbox__baseline" aria-hidden="true" />
      </div>
      <div className="sigbox__actions">
        <button type="button" className="button button--outline button--small" onClick={clear} disabled={!hasDrawing}>
          <Eraser aria-hidden size={18} />
          Clear
        </button>
      </div>
    </>
  )
}

type UploadState = { name: string; image: string | null; error: string }

function UploadPanel({ id, state, onState }: { id: string; state: UploadState; onState: (s: UploadState) => void }) {
  const latest = useRef(0)

  function pick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    if (!file) return
    const ticket = ++latest.current
    if (!file.type.startsWith('image/')) {
      onState({ name: file.name, image: null, error: NOT_AN_IMAGE })
      return
    }
    onState({ name: file.name, image: null, error: '' })
    readImage(file)
      .then((image) => {
        if (ticket === latest.current) onState({ name: file.name, image, error: '' })
      })
      .catch(() => {
        if (ticket === latest.current) onState({ name: file.name, image: null, error: NOT_AN_IMAGE })
      })
  }

  const fileId = `${id}-file`
  return (
    <>
      <input
        id={fileId}
        type="file"
        accept="image/*"
        className="visually-hidden sigbox__file"
        onChange={pick}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={state.error ? `${fileId}-error` : `${fileId}-hint`}
      />
      <label htmlFor={fileId} className="sigbox__file-label">
        <span className="button button--outline button--small sigbox__file-button">
          <ImageUp aria-hidden size={18} />
          Choose image
        </span>
        <span className="sigbox__file-name">{state.name || NO_FILE}</span>
      </label>
      <p id={`${fileId}-hint`} className="sigbox__hint">
        A clear photo or scan of your signature on a plain background.
      </p>
      {state.error ? (
        <p id={`${fileId}-error`} className="field-error" role="alert">
          {state.error}
        </p>
      ) : null}
      {state.image ? (
        <div className="sigbox__surface sigbox__upload-preview">
          <img src={state.image} alt="Uploaded signature preview" />
        </div>
      ) : null}
    </>
  )
}

/** readImage gives the file as a PNG data URL, scaled to fit; it fails when the browser cannot read the picture. */
function readImage(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onerror = () => reject(new Error('unreadable'))
    reader.onload = () => {
      const url = String(reader.result)
      const canvas = document.createElement('canvas')
      let ctx: CanvasRenderingContext2D | null = null
      try {
        ctx = canvas.getContext('2d')
      } catch {
        ctx = null
      }
      // Without a canvas the picture goes as it is; the server checks it.
      if (!ctx) return resolve(url)
      const img = new Image()
      img.onerror = () => reject(new Error('not an image'))
      img.onload = () => {
        const scale = Math.min(1, UPLOAD_MAX_W / img.naturalWidth, UPLOAD_MAX_H / img.naturalHeight)
        canvas.width = Math.max(1, Math.round(img.naturalWidth * scale))
        canvas.height = Math.max(1, Math.round(img.naturalHeight * scale))
        ctx.drawImage(img, 0, 0, canvas.width, canvas.height)
        resolve(canvas.toDataURL('image/png'))
      }
      img.src = url
    }
    reader.readAsDataURL(file)
  })
}
