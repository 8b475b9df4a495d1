import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { InventoryData, InventoryReport } from './api/keys'
import type { SaveResult } from './api/saveReport'
import { emptyData } from './rules'
import { readStored, storageKey, useAutosave } from './useAutosave'

const base = (revision = 1, data = emptyData()) => ({ id: 'r1', revision, data }) as Pick<InventoryReport, 'id' | 'revision' | 'data'>
const withDesc = (d: InventoryData, text: string): InventoryData => ({ ...d, overview: { ...d.overview, description: text } })
const saved = (revision: number, data: InventoryData): SaveResult => ({ kind: 'saved', report: { ...base(revision, data) } as InventoryReport })

function setOnline(v: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => v })
}

beforeEach(() => {
  vi.useFakeTimers()
  localStorage.clear()
  setOnline(true)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('useAutosave', () => {
  it('saves once, 800 ms after the last change, with the last revision, and keeps the new revision', async () => {
    const save = vi.fn(async (_id: string, rev: number, data: InventoryData) => saved(rev + 1, data))
    const { result } = renderHook(() => useAutosave({ report: base(), save }))
    act(() => result.current.update((d) => withDesc(d, 'a')))
    act(() => result.current.update((d) => withDesc(d, 'ab')))
    expect(result.current.status).toBe('saving')
    expect(readStored('r1')?.data.overview.description).toBe('ab')
    await act(async () => { await vi.advanceTimersByTimeAsync(700) })
    expect(save).not.toHaveBeenCalled()
    await act(async () => { await vi.advanceTimersByTimeAsync(200) })
    expect(save).toHaveBeenCalledTimes(1)
    expect(save.mock.calls[0][1]).toBe(1)
    expect(save.mock.calls[0][2].overview.description).toBe('ab')
    expect(result.current.status).toBe('saved')
    expect(localStorage.getItem(storageKey('r1'))).toBeNull()

    act(() => result.current.update((d) => withDesc(d, 'abc')))
    await act(async () => { await vi.advanceTimersByTimeAsync(900) })
    expect(save).toHaveBeenCalledTimes(2)
    expect(save.mock.calls[1][1]).toBe(2)
  })

  it('keeps changes on the device while offline and sends them when the online event fires', async () => {
    const save = vi.fn(async (_id: string, rev: number, data: InventoryData) => saved(rev + 1, data))
    setOnline(false)
    const { result } = renderHook(() => useAutosave({ report: base(), save }))
    act(() => result.current.update((d) => withDesc(d, 'offline words')))
    await act(async () => { await vi.advanceTimersByTimeAsync(2000) })
    expect(save).not.toHaveBeenCalled()
    expect(result.current.status).toBe('offline')
    expect(readStored('r1')?.data.overview.description).toBe('offline words')

    setOnline(true)
    await act(async () => {
      window.dispatchEvent(new Event('online'))
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(save).toHaveBeenCalledTimes(1)
    expect(save.mock.calls[0][2].overview.description).toBe('offline words')
    expect(result.current.status).toBe('saved')
    expect(readStored('r1')).toBeNull()
  })

  it('treats a failed request as offline and retries on the online event', async () => {
    let fail = true
    const save = vi.fn(async (_id: string, rev: number, data: InventoryData) => {
      if (fail) throw new TypeError('Failed to fetch')
      return saved(rev + 1, data)
    })
    const { result } = renderHook(() => useAutosave({ report: base(), save }))
    act(() => result.current.update((d) => withDesc(d, 'x')))
    await act(async () => { await vi.advanceTimersByTimeAsync(900) })
    expect(result.current.status).toBe('offline')
    fail = false
    await act(async () => {
      window.dispatchEvent(new Event('online'))
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(save).toHaveBeenCalledTimes(2)
    expect(result.current.status).toBe('saved')
  })

  it('adopts the server copy on 409 and shows its message', async () => {
    const server = withDesc(emptyData(), 'from the other device')
    const message = 'This report was changed on another device.'
    const save = vi.fn(async (_id: string, _rev: number, _data: InventoryData): Promise<SaveResult> => ({ kind: 'conflict', report: base(5, server) as InventoryReport, message }))
    const onAdopt = vi.fn()
    const { result } = renderHook(() => useAutosave({ report: base(), save, onAdopt }))
    act(() => result.current.update((d) => withDesc(d, 'mine')))
    await act(async () => { await vi.advanceTimersByTimeAsync(900) })
    expect(result.current.data.overview.description).toBe('from the other device')
    expect(result.current.status).toBe('conflict')
    expect(result.current.message).toBe(message)
    expect(onAdopt).toHaveBeenCalledTimes(1)
    expect(readStored('r1')).toBeNull()

    act(() => result.current.update((d) => withDesc(d, 'next')))
    await act(async () => { await vi.advanceTimersByTimeAsync(900) })
    expect(save.mock.calls[1][1]).toBe(5)
  })

  it('adopts a saved copy that left out a deleted photo, says so, and saves normally after', async () => {
    const message = 'A photo in this report had been deleted, so it was left out. Please add it again if you still need it.'
    const server = withDesc(emptyData(), 'mine')
    const save = vi.fn(async (_id: string, rev: number, data: InventoryData): Promise<SaveResult> =>
      rev === 1 ? { kind: 'saved', report: base(2, server) as InventoryReport, message } : saved(rev + 1, data))
    const onAdopt = vi.fn()
    const { result } = renderHook(() => useAutosave({ report: base(), save, onAdopt }))
    act(() => result.current.update((d) => ({ ...withDesc(d, 'mine'), overview: { ...d.overview, description: 'mine', photos: ['gone.jpg'] } })))
    await act(async () => { await vi.advanceTimersByTimeAsync(900) })
    expect(result.current.data.overview.photos).toEqual([])
    expect(result.current.status).toBe('saved')
    expect(onAdopt).toHaveBeenCalledWith(expect.anything(), message)
    expect(readStored('r1')).toBeNull()
    act(() => result.current.update((d) => withDesc(d, 'next')))
    await act(async () => { await vi.advanceTimersByTimeAsync(900) })
    expect(save.mock.calls[1][1]).toBe(2)
    expect(save.mock.calls[1][2].overview.photos).toEqual([])
  })

  it('restores unsaved data from localStorage made at the same revision and sends it', async () => {
    localStorage.setItem(storageKey('r1'), JSON.stringify({ revision: 3, data: withDesc(emptyData(), 'kept'), at: 1 }))
    const save = vi.fn(async (_id: string, rev: number, data: InventoryData) => saved(rev + 1, data))
    const { result } = renderHook(() => useAutosave({ report: base(3), save }))
    expect(result.current.data.overview.description).toBe('kept')
    await act(async () => { await vi.advanceTimersByTimeAsync(0) })
    expect(save).toHaveBeenCalledTimes(1)
    expect(save.mock.calls[0][1]).toBe(3)
    expect(save.mock.calls[0][2].overview.description).toBe('kept')
    expect(result.current.status).toBe('saved')
  })

  it('drops a stored copy made on an older revision', async () => {
    localStorage.setItem(storageKey('r1'), JSON.stringify({ revision: 2, data: withDesc(emptyData(), 'old'), at: 1 }))
    const save = vi.fn(async (_id: string, rev: number, data: InventoryData) => saved(rev + 1, data))
    const { result } = renderHook(() => useAutosave({ report: base(4, withDesc(emptyData(), 'server')), save }))
    expect(result.current.data.overview.description).toBe('server')
    await act(async () => { await vi.advanceTimersByTimeAsync(1000) })
    expect(save).not.toHaveBeenCalled()
    expect(readStored('r1')).toBeNull()
  })

  it('flush saves at once (SAVE DRAFT)', async () => {
    const save = vi.fn(async (_id: string, rev: number, data: InventoryData) => saved(rev + 1, data))
    const { result } = renderHook(() => useAutosave({ report: base(), save }))
    act(() => result.current.update((d) => withDesc(d, 'now')))
    let ok = false
    await act(async () => { ok = await result.current.flush() })
    expect(ok).toBe(true)
    expect(save).toHaveBeenCalledTimes(1)
  })
})
