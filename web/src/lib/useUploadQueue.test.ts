import { describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { useUploadQueue } from './useUploadQueue'

function file(name: string) {
  return new File(['x'], name, { type: 'image/png' })
}

type Pending = { name: string; resolve: (v: string) => void; reject: (e: unknown) => void }

function setup(max = 10) {
  const started: Pending[] = []
  const done: string[] = []
  const hook = renderHook(() =>
    useUploadQueue<string>({
      upload: (f) => new Promise((resolve, reject) => started.push({ name: f.name, resolve, reject })),
      onUploaded: (r) => done.push(r),
      check: (f, ahead) => (f.name.endsWith('.txt') ? 'Not an image.' : ahead >= max ? 'Too many.' : null),
      lead: (ahead) => ahead === 0,
      parallel: 2,
    }),
  )
  return { hook, started, done }
}

describe('useUploadQueue', () => {
  it('refuses files with a reason and queues the rest', () => {
    const { hook, started } = setup(2)
    act(() => hook.result.current.add([file('a.png'), file('b.txt'), file('c.png'), file('d.png')]))
    expect(hook.result.current.failures.map((f) => [f.name, f.reason])).toEqual([['b.txt', 'Not an image.'], ['d.png', 'Too many.']])
    expect(hook.result.current.uploads.map((u) => u.file.name)).toEqual(['a.png', 'c.png'])
    expect(started.map((s) => s.name)).toEqual(['a.png']) // the lead goes up alone
  })

  it('runs the lead alone, then at most `parallel` at once, and reports each result', async () => {
    const { hook, started, done } = setup()
    act(() => hook.result.current.add([file('1.png'), file('2.png'), file('3.png'), file('4.png')]))
    expect(started.map((s) => s.name)).toEqual(['1.png'])
    await act(async () => started[0].resolve('one'))
    expect(started.map((s) => s.name)).toEqual(['1.png', '2.png', '3.png'])
    await act(async () => started[2].reject(new Error('boom')))
    expect(started.map((s) => s.name)).toEqual(['1.png', '2.png', '3.png', '4.png'])
    await act(async () => {
      started[1].resolve('two')
      started[3].resolve('four')
    })
    expect(done).toEqual(['one', 'two', 'four'])
    expect(hook.result.current.failures.map((f) => f.name)).toEqual(['3.png'])
    expect(hook.result.current.busy).toBe(false)
  })
})
