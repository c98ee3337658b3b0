import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { MiddlewareHandler } from 'hono'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

export const COMPRESS_MIN_BYTES = 1024
// JSON answers and the per-request index.html; never text/event-stream, which must stream.
const COMPRESSIBLE = /^(?:application\/json|text\/html)\b/
// Fast settings: this runs per request (static assets are precompressed at build time at maximum).
const BROTLI_QUALITY = 5
const GZIP_LEVEL = 6

/** 'br', 'gzip' or null, from an Accept-Encoding header (q=0 refuses an encoding). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name) accepted.set(name, q ? Number(q.slice(2)) || 0 : 1)
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null
}

/**
 * Compresses JSON and HTML answers of at least 1 KB with brotli or gzip, as the client accepts.
 * The body is already complete for these types, so it is read whole and compressed off the main
 * thread (zlib's thread pool).
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    const type = res.headers.get('content-type') ?? ''
    if (!COMPRESSIBLE.test(type) || !res.body || res.headers.has('content-encoding') || c.req.method === 'HEAD') return
    if (/\bno-transform\b/i.test(res.headers.get('cache-control') ?? '')) return
    res.headers.append('vary', 'Accept-Encoding')
    const encoding = pickEncoding(c.req.header('accept-encoding'))
    if (!encoding) return
    const raw = Buffer.from(await res.arrayBuffer())
    let body: Buffer = raw
    if (raw.length >= COMPRESS_MIN_BYTES) {
      body = encoding === 'br' ? await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }) : await gzip(raw, { level: GZIP_LEVEL })
    }
    const headers = new Headers(res.headers)
    headers.delete('content-length')
    if (body !== raw) headers.set('content-encoding', encoding)
    // Cleared first so Hono does not copy the old headers back onto the new answer.
    c.res = undefined
    c.res = new Response(new Uint8Array(body), { status: res.status, statusText: res.statusText, headers })
  }
}
