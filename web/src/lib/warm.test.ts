import { afterEach, describe, expect, it, vi } from 'vitest'
import { takeWarm, warm, warmJSON } from './warm'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function stubFetch(status = 200, body: unknown = { ok: true }) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

describe('warm', () => {
  it('asks once and hands the answer over once', async () => {
    const fetch = stubFetch(200, { posts: [1] })
    warm('/api/a')
    warm('/api/a')
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(await warmJSON('/api/a')).toEqual({ posts: [1] })
    expect(await warmJSON('/api/a')).toBeUndefined()
  })

  it('gives nothing for a failed answer, so the caller asks again', async () => {
    stubFetch(404, { error: {} })
    warm('/api/b')
    expect(await warmJSON('/api/b')).toBeUndefined()
  })

  it('forgets an answer that is no longer fresh', () => {
    vi.useFakeTimers()
    stubFetch()
    warm('/api/c')
    vi.advanceTimersByTime(11_000)
    expect(takeWarm('/api/c')).toBeUndefined()
  })
})
