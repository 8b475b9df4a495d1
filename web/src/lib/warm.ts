// Early requests for public pages: a lazy page's data can be asked for while
// its code is still downloading, instead of after (one round trip less before
// the first real paint, which matters on a slow phone). The page's query
// takes the answer if it is fresh; otherwise it asks again as usual.
const FRESH_MS = 10_000

const started = new Map<string, { at: number; response: Promise<Response> }>()

/** warm starts a GET of a public API URL, once. */
export function warm(url: string): void {
  if (started.has(url)) return
  const response = fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
  response.catch(() => {}) // an unhandled failure is the query's business, not the console's
  started.set(url, { at: Date.now(), response })
}

/** takeWarm hands over (once) the early answer for url, if one was started in the last few seconds. */
export function takeWarm(url: string): Promise<Response> | undefined {
  const w = started.get(url)
  started.delete(url)
  return w && Date.now() - w.at < FRESH_MS ? w.response : undefined
}

/** warmJSON is the early answer's body when it came back 200, else undefined (the caller asks again). */
export async function warmJSON<T>(url: string): Promise<T | undefined> {
  const w = takeWarm(url)
  if (!w) return undefined
  try {
    const res = await w
    return res.ok ? ((await res.json()) as T) : undefined
  } catch {
    return undefined
  }
}
