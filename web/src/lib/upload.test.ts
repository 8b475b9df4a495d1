import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, onUnauthorized } from './api'
import { UPLOAD_NETWORK_ERROR, uploadWithProgress } from './upload'

type Answer = { status: number; body?: unknown } | 'network'
type Sent = { method: string; url: string; file: File; headers: Record<string, string> }

/** FakeXHR stands in for XMLHttpRequest: it records each upload, reports half the file sent, then answers with FakeXHR.answer. */
class FakeXHR {
  static answer: Answer = { status: 500 }
  static sent: Sent[] = []
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  status = 0
  responseText = ''
  responseType = ''
  private method = ''
  private url = ''
  private headers: Record<string, string> = {}
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v
  }
  send(body: FormData) {
    FakeXHR.sent.push({ method: this.method, url: this.url, file: body.get('file') as File, headers: this.headers })
    this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 })
    const a = FakeXHR.answer
    queueMicrotask(() => {
      if (a === 'network') {
        this.onerror?.()
        return
      }
      this.status = a.status
      this.responseText = a.body === undefined ? '' : typeof a.body === 'string' ? a.body : JSON.stringify(a.body)
      this.onload?.()
    })
  }
  abort() {
    this.onabort?.()
  }
}

beforeEach(() => {
  FakeXHR.sent = []
  FakeXHR.answer = { status: 500 }
  vi.stubGlobal('XMLHttpRequest', FakeXHR)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const file = () => new File(['abc'], 'a.png', { type: 'image/png' })
const pickPhoto = (body: unknown) => (body as { photo?: { name: string } } | undefined)?.photo
const tooLarge = { code: 'image_too_large', message: 'Image size should not be more than 5MB.' }

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => {
      throw new Error('resolved')
    },
    (e: unknown) => e,
  )
  expect(e).toBeInstanceOf(ApiError)
  return e as ApiError
}

describe('uploadWithProgress', () => {
  it('sends the file as field "file", reports progress and resolves with the picked body', async () => {
    FakeXHR.answer = { status: 201, body: { photo: { name: 'p1.jpg' } } }
    const progress: number[] = []
    const photo = await uploadWithProgress('/api/x?origin=upload', file(), { onProgress: (p) => progress.push(p), pick: pickPhoto })
    expect(photo).toEqual({ name: 'p1.jpg' })
    expect(progress).toEqual([0.5, 1])
    expect(FakeXHR.sent).toHaveLength(1)
    expect(FakeXHR.sent[0]).toMatchObject({ method: 'POST', url: '/api/x?origin=upload', headers: { Accept: 'application/json' } })
    expect(FakeXHR.sent[0].file.name).toBe('a.png')
  })

  it('resolves with the whole body when there is no pick', async () => {
    FakeXHR.answer = { status: 200, body: { id: 'f1', name: 'gas.pdf' } }
    await expect(uploadWithProgress('/api/x', file())).resolves.toEqual({ id: 'f1', name: 'gas.pdf' })
  })

  it('fails a success answer that lacks what pick wants', async () => {
    FakeXHR.answer = { status: 201, body: {} }
    const e = await failure(uploadWithProgress('/api/x', file(), { pick: pickPhoto }))
    expect(e.status).toBe(201)
    expect(e.code).toBe('internal')
  })

  it('gives the tooLarge error for a 413 without a body', async () => {
    FakeXHR.answer = { status: 413 }
    const e = await failure(uploadWithProgress('/api/x', file(), { pick: pickPhoto, tooLarge }))
    expect(e.status).toBe(413)
    expect(e.code).toBe('image_too_large')
    expect(e.message).toBe('Image size should not be more than 5MB.')
  })

  it("prefers the server's own error to tooLarge, and gives its message", async () => {
    FakeXHR.answer = { status: 413, body: { error: { code: 'too_big', message: 'Too big for us.' } } }
    const e = await failure(uploadWithProgress('/api/x', file(), { tooLarge }))
    expect([e.status, e.code, e.message]).toEqual([413, 'too_big', 'Too big for us.'])

    FakeXHR.answer = { status: 400, body: { error: { code: 'invalid', message: 'Only PNG and JPEG images are allowed.', fields: { file: 'Wrong type.' } } } }
    const e2 = await failure(uploadWithProgress('/api/x', file(), { pick: pickPhoto, tooLarge }))
    expect([e2.status, e2.code, e2.message]).toEqual([400, 'invalid', 'Only PNG and JPEG images are allowed.'])
    expect(e2.fields).toEqual({ file: 'Wrong type.' })
  })

  it('gives the general message for an error without a body or with a body that is not JSON', async () => {
    FakeXHR.answer = { status: 502, body: '<html>Bad gateway</html>' }
    const e = await failure(uploadWithProgress('/api/x', file(), { tooLarge }))
    expect([e.status, e.code, e.message]).toEqual([502, 'internal', 'An error was encountered, please contact us if problem persists.'])
  })

  it('tells the unauthorized listeners on a 401, and only then', async () => {
    const told = vi.fn()
    const off = onUnauthorized(told)
    try {
      FakeXHR.answer = { status: 401, body: { error: { code: 'unauthorized', message: 'Please log in.' } } }
      const e = await failure(uploadWithProgress('/api/x', file()))
      expect(told).toHaveBeenCalledTimes(1)
      expect([e.status, e.message]).toEqual([401, 'Please log in.'])

      FakeXHR.answer = { status: 403 }
      await failure(uploadWithProgress('/api/x', file()))
      expect(told).toHaveBeenCalledTimes(1)
    } finally {
      off()
    }
  })

  it('gives the networkError on a network failure, or the general message without one', async () => {
    FakeXHR.answer = 'network'
    const e = await failure(uploadWithProgress('/api/x', file(), { networkError: UPLOAD_NETWORK_ERROR }))
    expect([e.status, e.code, e.message]).toEqual([0, 'network', 'The upload failed: check your connection and try again.'])

    const e2 = await failure(uploadWithProgress('/api/x', file()))
    expect([e2.status, e2.code, e2.message]).toEqual([0, 'internal', 'An error was encountered, please contact us if problem persists.'])
  })

  it('rejects with an AbortError when the signal aborts, before or during the upload', async () => {
    const before = new AbortController()
    before.abort()
    await expect(uploadWithProgress('/api/x', file(), { signal: before.signal })).rejects.toMatchObject({ name: 'AbortError' })
    expect(FakeXHR.sent).toHaveLength(0)

    const during = new AbortController()
    FakeXHR.answer = { status: 201, body: { photo: { name: 'p1.jpg' } } }
    const p = uploadWithProgress('/api/x', file(), { pick: pickPhoto, signal: during.signal })
    during.abort()
    await expect(p).rejects.toMatchObject({ name: 'AbortError' })
  })
})
