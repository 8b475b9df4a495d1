import { describe, expect, it } from 'vitest'
import { blocksToOps } from './document'

describe('blocksToOps', () => {
  it('writes runs as inserts and closes each paragraph with its line format', () => {
    const ops = blocksToOps([
      { kind: 'p', runs: [{ text: '1.1 ', bold: true }, { text: 'The rent.' }] },
      { kind: 'bullet', align: 'center', runs: [{ text: 'Item', size: '18px' }] },
    ]).ops
    expect(ops).toEqual([
      { insert: '1.1 ', attributes: { bold: true } },
      { insert: 'The rent.' },
      { insert: '\n' },
      { insert: 'Item', attributes: { size: '18px' } },
      { insert: '\n', attributes: { align: 'center', list: 'bullet' } },
    ])
  })
})
