// A rich-text box on Quill 2 with the bubble theme: the toolbar appears over
// selected text with sizes 16/18/22 px, alignment, bold, italic, underline
// and ordered and bullet lists (spec 2, "Preview and signing"). Its value is
// Quill's structured text ({ ops }); the server cleans whatever it receives.
import { useEffect, useRef } from 'react'
import Quill from 'quill'
import 'quill/dist/quill.bubble.css'
import './richEditor.css'

export type RichOps = { ops: Array<{ insert?: unknown; attributes?: Record<string, unknown> }> }

// Sizes as inline styles, limited to the three the spec offers.
const Size = Quill.import('attributors/style/size') as { whitelist: string[] }
Size.whitelist = ['16px', '18px', '22px']
Quill.register(Size as never, true)

const TOOLBAR = [[{ size: ['16px', '18px', '22px'] }], [{ align: [] }], ['bold', 'italic', 'underline'], [{ list: 'ordered' }, { list: 'bullet' }]]

type Props = {
  id: string
  /** labelledBy names the box for assistive technology. */
  labelledBy: string
  initial: RichOps
  onChange: (v: RichOps) => void
  placeholder?: string
}

export function RichEditor({ id, labelledBy, initial, onChange, placeholder }: Props) {
  const host = useRef<HTMLDivElement>(null)
  const changed = useRef(onChange)
  changed.current = onChange
  const first = useRef(initial)

  useEffect(() => {
    const el = host.current
    if (!el) return
    const box = document.createElement('div')
    el.appendChild(box)
    const q = new Quill(box, { theme: 'bubble', modules: { toolbar: TOOLBAR }, placeholder, formats: ['size', 'align', 'bold', 'italic', 'underline', 'list'] })
    q.setContents(first.current.ops as never, 'silent')
    q.root.setAttribute('aria-labelledby', labelledBy)
    q.root.setAttribute('role', 'textbox')
    q.root.setAttribute('aria-multiline', 'true')
    q.root.id = id
    q.on('text-change', () => changed.current(q.getContents() as unknown as RichOps))
    return () => {
      el.innerHTML = ''
    }
  }, [id, labelledBy, placeholder])

  return <div className="rich-editor" ref={host} />
}

export default RichEditor
