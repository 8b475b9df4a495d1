// The document model (api ContractDocument) in the editor's terms: a
// section's paragraphs become Quill inserts, so the editor opens on exactly
// the text the preview shows.
import type { ContractDocument } from './api/types'

export type Section = ContractDocument['sections'][number]
export type Block = Section['blocks'][number]
type Ops = { ops: Array<{ insert: string; attributes?: Record<string, unknown> }> }

export function blocksToOps(blocks: Block[]): Ops {
  const ops: Ops['ops'] = []
  for (const b of blocks) {
    for (const r of b.runs) {
      const attributes: Record<string, unknown> = {}
      if (r.bold) attributes.bold = true
      if (r.italic) attributes.italic = true
      if (r.underline) attributes.underline = true
      if (r.size) attributes.size = r.size
      ops.push(Object.keys(attributes).length ? { insert: r.text, attributes } : { insert: r.text })
    }
    const line: Record<string, unknown> = {}
    if (b.align) line.align = b.align
    if (b.kind === 'ordered' || b.kind === 'bullet') line.list = b.kind
    ops.push(Object.keys(line).length ? { insert: '\n', attributes: line } : { insert: '\n' })
  }
  return { ops }
}

/** sectionAnchor is the id a contents link jumps to. */
export const sectionAnchor = (id: string) => `contract-section-${id}`
